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

/** Sent with every response. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** Only over https (directly or behind a proxy that says so). */
export const HSTS = "max-age=63072000; includeSubDomains";

export function isHttps(req: Request, url: URL): boolean {
  return url.protocol === "https:" || req.headers.get("X-Forwarded-Proto") === "https";
}

/** Adds the security headers to a response (re-wrapping it when its headers are immutable). */
export function withSecurityHeaders(res: Response, https: boolean): Response {
  let out = res;
  try {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) out.headers.set(k, v);
  } catch {
    out = new Response(res.body, res);
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) out.headers.set(k, v);
  }
  if (https) out.headers.set("Strict-Transport-Security", HSTS);
  return out;
}
