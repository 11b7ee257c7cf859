import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { matchedRoutes } from "hono/route";
import {
  cookieName,
  ForbiddenError,
  type Session,
  SESSION_COOKIE,
  UnauthorizedError,
} from "../../services/admin-auth.ts";
import type { Services } from "../../services/container.ts";
import { allowed, ENROLMENT_ROUTES, ROUTE_ACCESS } from "../authorization.ts";
import { DomainError } from "../../domain/errors.ts";
import { TWO_FACTOR_MESSAGES } from "../../domain/two-factor.ts";
import type { ApiEnv } from "./rate-limit.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The route that will answer this request, as Hono registered it (`METHOD path`). */
function handlerRoute(c: Context) {
  const routes = matchedRoutes(c);
  return routes.find((r) => r.method === c.req.method) ?? routes.find((r) => r.method !== "ALL");
}

/**
 * The `:id` of the answering route, read from the URL by position: a middleware registered
 * on "*" does not see the handler's own parameters.
 */
function targetId(c: Context, routePath: string): string | undefined {
  const at = routePath.split("/").indexOf(":id");
  if (at < 0) return undefined;
  const segment = new URL(c.req.url).pathname.split("/")[at];
  try {
    return segment === undefined ? undefined : decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Whether the browser is on https: as the server entry determined it (trusting
 * X-Forwarded-Proto only behind TRUST_PROXY), else the request's own scheme.
 */
export function isHttps(c: Context<ApiEnv>): boolean {
  return c.env?.https ?? new URL(c.req.url).protocol === "https:";
}

/** The session cookie: httpOnly, SameSite=Strict, `__Host-` and Secure over https. */
export function cookieOptions(c: Context<ApiEnv>) {
  const https = isHttps(c);
  return {
    httpOnly: true,
    sameSite: "Strict" as const,
    path: "/",
    secure: https,
    ...(https ? { prefix: "host" as const } : {}),
  };
}

/**
 * Whether `Origin` is the page's own origin, scheme, host and port as the browser writes them (a
 * page on http://host is another origin than https://host: a network attacker can write one), or
 * the public origin (PUBLIC_SITE_URL), which is ours even behind a proxy that does not say https.
 */
function sameOrigin(c: Context<ApiEnv>, siteUrl: string): boolean {
  const origin = c.req.header("Origin");
  if (!origin) return false;
  const { host } = new URL(c.req.url);
  return origin === `${isHttps(c) ? "https" : "http"}://${host}` ||
    origin === new URL(siteUrl).origin;
}

/**
 * Reads the session of a request: the bearer token, else the session cookie. A cookie (sent
 * by the browser on its own) must come with a matching `Origin` on unsafe methods.
 */
export async function sessionOf(c: Context<ApiEnv>, services: Services): Promise<Session> {
  const bearer = c.req.header("Authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return await services.adminAuth.authenticate(bearer);
  const cookie = getCookie(c, cookieName(isHttps(c)));
  if (!cookie) throw new UnauthorizedError();
  if (!SAFE_METHODS.has(c.req.method) && !sameOrigin(c, services.config.siteUrl)) {
    throw new ForbiddenError("Cross-origin request refused");
  }
  try {
    return await services.adminAuth.authenticate(cookie);
  } catch (err) {
    // A session that ended: its 401 also clears the cookie (the browser drops its user too).
    if (err instanceof UnauthorizedError) deleteCookie(c, SESSION_COOKIE, cookieOptions(c));
    throw err;
  }
}

/**
 * Enforces the authorization table for every API request: public routes pass; the others need
 * a live session (401) of a role the row allows (403). A route missing from the table is
 * refused for everyone but superadmins (and the matrix test fails).
 */
export function authorize(services: Services): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const route = handlerRoute(c);
    if (!route) return await next(); // no such route: the API answers 404
    const name = `${route.method} ${route.path}`;
    const access = ROUTE_ACCESS[name] ?? "superadmin";
    if (access === "public") return await next();
    const session = await sessionOf(c, services);
    if (!allowed(access, session.admin, targetId(c, route.path))) throw new ForbiddenError();
    if (session.enrolmentRequired && !ENROLMENT_ROUTES.has(name)) {
      throw new DomainError(403, "two_factor_required", TWO_FACTOR_MESSAGES.enrolmentRequired);
    }
    c.set("session", session);
    await next();
  };
}
