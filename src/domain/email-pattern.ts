/**
 * The spec's "simple pattern {email}": something@something.something, no spaces; or
 * something@localhost, the domain of the shop's own default addresses (ADMIN_EMAIL, SHOP_EMAIL):
 * what the system creates passes its own rule. Kept apart from email.ts so browser code can use
 * it without bundling zod.
 */
export const SIMPLE_EMAIL = /^[^\s@]+@(?:[^\s@]+\.[^\s@]+|localhost)$/i;
