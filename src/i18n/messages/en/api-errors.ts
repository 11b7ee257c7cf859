/**
 * The API's refusals of a buyer's checkout (the quote, the payment intent, its confirmation), as
 * the domain words them in English (the spec's messages). Other languages give each its
 * translation; src/services/buyer-errors.ts matches an English message against these templates
 * and answers the buyer's language. `{country}` is named in that language, `{amount}` and `{sent}`
 * written in its money format.
 */
export const apiErrors = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
  phoneRequired: "Phone is required",
  addressRequired: "Address is required",
  cityRequired: "City is required",
  zipCodeRequired: "ZIP code is required",
  countryRequired: "Country is required",
  stateRequired: "State is required",
  companyNameRequired: "Company name is required",
  shippingCountryRequired: "Shipping country is required",
  cartEmpty: "The cart is empty",
  tooLong: "Too big: expected string to have <={max} characters",
  vatFormat:
    "This is not a valid EU VAT number: check the country prefix and the digits (e.g. BE0411905847)",
  vatChecksum: "This VAT number's check digits are wrong: check for a typing mistake",
  vatUnknown:
    "This VAT number is not registered in VIES, the EU's register: check it, or buy without it (VAT is then charged)",
  siren: "A SIREN is 9 digits (e.g. 732 829 320)",
  siret: "SIRET must be the 14 digits of the structure's SIRET (check digit included)",
  noStructure: "No Chorus Pro structure has this SIRET",
  needsServiceCode: "{name} requires a service code on its invoices",
  needsEngagementNumber: "{name} requires an engagement number (EJ) on its invoices",
  notAServiceCode: "{code} is not a service code of {name}",
  invalidCountry: "Invalid country: {country}. Please use a valid country name.",
  notCartCountry: "The shipping address must be in the country chosen in the cart",
  cartCountry: "Must be the cart's country",
  unknownProduct: "Unknown product: {id}",
  notInEuros: "{name} is not sold in euros",
  noShipping: "We do not ship to {country}",
  feeNotInEuros: "The shipping fee for {country} is not in euros",
  stockLeft: "Not enough stock for {name} ({count} available)",
  stock: "Not enough stock for {name}",
  soldOut:
    "Not enough stock for {name}: it sold out while you were paying. The payment was cancelled: your card was not charged.",
  checkoutEnded:
    "This checkout ended before the payment was confirmed. The payment was cancelled: your card was not charged.",
  outOfDate: "Your cart is out of date: {problems}. Nothing was charged; please review your cart.",
  priceChanged: "the price of {title} is now {amount}",
  subtotalChanged: "the subtotal is {amount}, not {sent}",
  shippingChanged: "the shipping fee is {amount}, not {sent}",
  totalChanged: "the total is {amount}, not {sent}",
  amountChanged: "the amount is {amount}, not {sent}",
  cancelled:
    "This payment was cancelled and your card was not charged. Please start the checkout again.",
  expired:
    "This payment was canceled because the checkout expired. Please start the checkout again.",
  providerDown: "The payment service is unavailable; please try again.",
  busy: "The shop is busy right now; please try again in a moment.",
  rateLimited: "Too many requests. Please try again later.",
};
