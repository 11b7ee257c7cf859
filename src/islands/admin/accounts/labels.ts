/** The account forms' fields as they are labelled, for the sentences that name them in errors. */
export const ACCOUNT_LABELS = {
  username: "Username",
  email: "Email",
  image: "Profile Image",
  currentPassword: "Current password",
};
