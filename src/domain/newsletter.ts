/** The newsletter form's messages (spec sections 5 and 8); free of zod, the island imports it. */
export const NEWSLETTER_MESSAGES = {
  empty: "Please enter your email address.",
  invalid: "Please enter a valid email address.",
  success: "Thank you for subscribing!",
  failed: "Subscription failed",
  network: "Failed to subscribe. Please try again later.",
  busy: "Subscribing...",
} as const;
