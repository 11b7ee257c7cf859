/** A demo request that passes every rule of the spec's table. */
export const VALID_DEMO_REQUEST = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  company: "Analytical Engines",
  country: "France",
  countryCode: "+33",
  phone: "+33612345678",
  message: "We drive brushless motors and would like a demo.",
};
