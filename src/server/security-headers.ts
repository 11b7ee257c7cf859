import type { MiddlewareHandler } from "hono";

/**
 * The header policy. Astro adds a <meta> CSP with the hashes of its own inline scripts; both
 * policies apply, so inline scripts run only when hashed while this header adds what a meta
 * tag cannot carry (frame-ancestors) and the hosts the site really uses: Stripe (card field),
 * YouTube (videos, after a click).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' https://js.stripe.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://i.ytimg.com",
  "font-src 'self'",
  "connect-src 'self' https://api.stripe.com",
  "frame-src https://js.stripe.com https://hooks.stripe.com https://www.youtube-nocookie.com",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    h.set("X-Content-Type-Options", "nosniff");
    h.set("X-Frame-Options", "DENY");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    const https = new URL(c.req.url).protocol === "https:" ||
      c.req.header("X-Forwarded-Proto") === "https";
    if (https) h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  };
}
