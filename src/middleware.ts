import { defineMiddleware } from "astro:middleware";
import { toPublicAdmin } from "./domain/admin.ts";
import {
  isAdminPath,
  isSuperadminPage,
  landingFor,
  LOGIN_PATH,
  loginUrlFor,
  movedAdminPath,
  safeNext,
  TWO_FACTOR_SETUP_PATH,
} from "./domain/admin-routes.ts";
import { isHttpsRequest } from "./domain/proxy.ts";
import { cookieName } from "./services/admin-auth.ts";

/**
 * Guards every /admin page on the server from the session cookie, with the service the API
 * uses: anonymous visitors go to the login page (which remembers where they were going), an
 * admin on a superadmin page goes to the dashboard, a signed-in visitor of the login page goes
 * on. Admin pages are never cached nor indexed.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const { pathname, search } = context.url;
  if (!isAdminPath(pathname)) return next();
  const moved = movedAdminPath(pathname);
  if (moved) return context.redirect(moved + search, 301);
  const { services } = context.locals;
  const https = isHttpsRequest(
    context.url,
    context.request.headers.get("X-Forwarded-Proto"),
    services.config.trustProxy,
  );
  const token = context.cookies.get(cookieName(https))?.value;
  const session = token ? await services.adminAuth.authenticate(token).catch(() => null) : null;
  const role = session?.admin.role;

  let redirect: string | null = null;
  if (pathname === LOGIN_PATH || pathname === `${LOGIN_PATH}/`) {
    if (role) redirect = safeNext(context.url.searchParams.get("next")) ?? landingFor(role);
  } else if (!role) {
    redirect = loginUrlFor(pathname + search);
  } else if (session?.enrolmentRequired && pathname !== TWO_FACTOR_SETUP_PATH) {
    // Two-factor required and off for this account: its set-up before any other page.
    redirect = TWO_FACTOR_SETUP_PATH;
  } else if (pathname === "/admin" || pathname === "/admin/") {
    redirect = landingFor(role);
  } else if (role !== "superadmin" && isSuperadminPage(pathname)) {
    redirect = "/admin/dashboard";
  }

  if (session) context.locals.admin = toPublicAdmin(session.admin);
  const response = redirect ? context.redirect(redirect, 303) : await next();
  response.headers.set("Cache-Control", "no-store");
  response.headers.set("X-Robots-Tag", "noindex");
  return response;
});
