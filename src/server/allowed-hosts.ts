import type { Config } from "../services/config.ts";

/** Names a developer's browser, the tests and local tools use; in production, for health only. */
const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

/** An IPv4 or bracketed IPv6 literal, as `URL.hostname` spells it. */
const IP_LITERAL = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/;

/**
 * Which `Host` a request may name. The server answers only for the host of PUBLIC_SITE_URL (and
 * loopback outside production): a forged `Host` (DNS rebinding, a request to the internal
 * address, a poisoned absolute URL) reaches no page and no API route. Ports are not compared:
 * a proxy may or may not pass the public port on, and the name is what an attacker forges.
 *
 * One exception: `GET /api/health` also answers an IP-address `Host` or `localhost`, because
 * load balancers, orchestrators and container health checks probe an instance by its internal
 * address. It renders nothing from the host, and such a name cannot come from DNS rebinding.
 */
export function hostGuard(config: Pick<Config, "siteUrl" | "shopEnv">) {
  const site = new URL(config.siteUrl).hostname;
  const allowed = new Set(config.shopEnv === "production" ? [site] : [site, ...LOOPBACK]);

  /** A 421 answer for a request to a host this server is not, else null. */
  return function misdirected(req: Request, url: URL): Response | null {
    if (allowed.has(url.hostname)) return null;
    if (
      url.pathname === "/api/health" && (req.method === "GET" || req.method === "HEAD") &&
      (IP_LITERAL.test(url.hostname) || url.hostname === "localhost")
    ) return null;
    return Response.json(
      { error: "misdirected_request", message: "This server does not answer for this host" },
      {
        status: 421,
        headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
      },
    );
  };
}
