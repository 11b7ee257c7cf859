import { isHttpsRequest } from "../domain/proxy.ts";

/**
 * The site's content security policy besides script-src and style-src, which Astro writes with
 * the hashes of each page's inline scripts and styles (astro.config.ts): no inline code runs
 * unless hashed. Astro sends a server-rendered page's policy as its header and puts a prerendered
 * page's in a <meta>, which the server also sends as the header (see `metaPolicy`). The hosts are
 * those the site uses: Stripe (card field), YouTube (videos, after a click).
 */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data: blob: https://i.ytimg.com",
  "font-src 'self'",
  "connect-src 'self' https://api.stripe.com",
  "frame-src https://js.stripe.com https://hooks.stripe.com https://www.youtube-nocookie.com",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
] as const;
export const SCRIPT_SOURCES = ["'self'", "https://js.stripe.com"] as const;

/** What a <meta> policy cannot say, so the header adds it to every document's own. */
const HEADER_ONLY = "frame-ancestors 'none'";

/** An HTML document without a policy of its own: no inline script or style at all. */
const STRICT_POLICY = [
  ...CSP_DIRECTIVES,
  `script-src ${SCRIPT_SOURCES.join(" ")}`,
  "style-src 'self'",
  HEADER_ONLY,
].join("; ");

/** An SVG opened as a document: its own inline styles, never a script. */
const SVG_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; " +
  HEADER_ONLY;

/** The header policy of a page whose own policy (Astro's, with its hashes) is `own`. */
export function documentPolicy(own: string | null | undefined): string {
  if (!own) return STRICT_POLICY;
  if (own.includes(HEADER_ONLY)) return own;
  return `${own.trim().replace(/;$/, "")}; ${HEADER_ONLY}`;
}

const META_POLICY = /<meta http-equiv="content-security-policy" content="([^"]*)"/i;

/** The policy a prerendered page carries in its <meta> (Astro writes it in the <head>), or null. */
export function metaPolicy(html: Uint8Array): string | null {
  const head = new TextDecoder().decode(html.subarray(0, 64 * 1024));
  const content = META_POLICY.exec(head)?.[1];
  return content === undefined ? null : content
    .replaceAll("&#39;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
}

const NOSNIFF = { "X-Content-Type-Options": "nosniff" } as const;
const REFERRER = { "Referrer-Policy": "strict-origin-when-cross-origin" } as const;
const SVG_HEADERS = { "Content-Security-Policy": SVG_POLICY, ...NOSNIFF, ...REFERRER } as const;

/**
 * For everything else (JSON, scripts, styles, images): never sniffed into something executable.
 * A CSP or referrer policy only governs documents, and every header costs on every response
 * (tests/bench/http.ts), so these get only nosniff.
 */
const RESOURCE_HEADERS: Readonly<Record<string, string>> = NOSNIFF;

/** Only over https (directly or behind a proxy that says so). */
export const HSTS = "max-age=63072000; includeSubDomains";

/**
 * The security headers for a response of this content type; an HTML page's policy is its own
 * (`ownPolicy`: Astro's header, or the <meta> of a prerendered page) plus what only a header says.
 */
export function securityHeadersFor(
  contentType: string | null,
  ownPolicy?: string | null,
): Readonly<Record<string, string>> {
  if (contentType?.startsWith("text/html")) {
    return { "Content-Security-Policy": documentPolicy(ownPolicy), ...NOSNIFF, ...REFERRER };
  }
  return contentType?.startsWith("image/svg") ? SVG_HEADERS : RESOURCE_HEADERS;
}

/** Over https, directly or behind trusted proxies that say so (see domain/proxy.ts). */
export function isHttps(req: Request, url: URL, trustProxy: number): boolean {
  return isHttpsRequest(url, req.headers.get("X-Forwarded-Proto"), trustProxy);
}

/**
 * Adds the security headers to a response (re-wrapping it when its headers are immutable).
 * Few headers on purpose: each one costs on every response (see tests/bench/http.ts). The
 * referrer policy is a default: a page that sets its own (the buyer's order page sends none,
 * its address holds the order's token) keeps it.
 */
export function withSecurityHeaders(res: Response, https: boolean): Response {
  let out = res;
  // Read only what decides: a JSON answer (most) needs its type alone, and each header read
  // scans the list (three reads were 1.7% of a launch's CPU).
  const type = res.headers.get("Content-Type");
  const document = type?.startsWith("text/html") ?? false;
  const headers = securityHeadersFor(
    type,
    document ? res.headers.get("Content-Security-Policy") : undefined,
  );
  const ownReferrer = "Referrer-Policy" in headers && res.headers.has("Referrer-Policy");
  try {
    setEach(out, headers, ownReferrer);
  } catch {
    out = new Response(res.body, res);
    setEach(out, headers, ownReferrer);
  }
  if (https) out.headers.set("Strict-Transport-Security", HSTS);
  return out;
}

function setEach(
  target: Response,
  headers: Readonly<Record<string, string>>,
  keepReferrer: boolean,
) {
  for (const k in headers) {
    if (k !== "Referrer-Policy" || !keepReferrer) target.headers.set(k, headers[k]);
  }
}
