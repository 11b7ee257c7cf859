/**
 * The spec's "simple pattern {email}": something@something.something, no spaces. Kept apart from
 * email.ts so browser code can use it without bundling zod.
 */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
