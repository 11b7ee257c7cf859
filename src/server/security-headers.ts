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

/** For documents (HTML, SVG): the full policy. */
const DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/**
 * For everything else (JSON, scripts, styles, images): never sniffed into something executable.
 * A CSP or referrer policy only governs documents, and every header costs on every response
 * (tests/bench/http.ts), so these get only nosniff.
 */
const RESOURCE_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
};

/** Only over https (directly or behind a proxy that says so). */
export const HSTS = "max-age=63072000; includeSubDomains";

const isDocument = (contentType: string | null) =>
  contentType !== null && /^(text\/html|image\/svg)/.test(contentType);

/** The security headers for a response of this content type. */
export function securityHeadersFor(contentType: string | null): Readonly<Record<string, string>> {
  return isDocument(contentType) ? DOCUMENT_HEADERS : RESOURCE_HEADERS;
}

export function isHttps(req: Request, url: URL): boolean {
  return url.protocol === "https:" || req.headers.get("X-Forwarded-Proto") === "https";
}

/**
 * Adds the security headers to a response (re-wrapping it when its headers are immutable).
 * Few headers on purpose: each one costs on every response (see tests/bench/http.ts).
 */
export function withSecurityHeaders(res: Response, https: boolean): Response {
  let out = res;
  const headers = securityHeadersFor(res.headers.get("Content-Type"));
  try {
    for (const k in headers) out.headers.set(k, headers[k]);
  } catch {
    out = new Response(res.body, res);
    for (const k in headers) out.headers.set(k, headers[k]);
  }
  if (https) out.headers.set("Strict-Transport-Security", HSTS);
  return out;
}
