import type { AdminRole } from "./admin.ts";

export interface AdminNavItem {
  label: string;
  href: string;
}

/** The drawer's navigation per role (spec: layout shell); any other role gets none. */
export const ADMIN_NAV: Readonly<Record<AdminRole, readonly AdminNavItem[]>> = {
  superadmin: [
    { label: "Dashboard", href: "/admin/dashboard" },
    { label: "Orders", href: "/admin/orders" },
    { label: "Quotes", href: "/admin/quotes" },
    { label: "Invoices", href: "/admin/invoices" },
    { label: "E-invoices", href: "/admin/e-invoices" },
    { label: "Receivables", href: "/admin/receivables" },
    { label: "Bank statements", href: "/admin/bank-statements" },
    { label: "Products", href: "/admin/products" },
    { label: "Shipping", href: "/admin/shipping" },
    { label: "Subscribers", href: "/admin/subscribers" },
    { label: "Stock Notifications", href: "/admin/stock-notifications" },
    { label: "Analytics", href: "/admin/analytics" },
    { label: "Admin Management", href: "/admin/admins" },
    { label: "Register Admin", href: "/admin/register-admin" },
  ],
  admin: [
    { label: "Orders", href: "/admin/orders" },
    { label: "Quotes", href: "/admin/quotes" },
    { label: "Invoices", href: "/admin/invoices" },
    { label: "E-invoices", href: "/admin/e-invoices" },
    { label: "Receivables", href: "/admin/receivables" },
    { label: "Bank statements", href: "/admin/bank-statements" },
    { label: "Products", href: "/admin/products" },
    { label: "Subscribers", href: "/admin/subscribers" },
  ],
};

export const navFor = (role: string): readonly AdminNavItem[] =>
  role === "superadmin" || role === "admin" ? ADMIN_NAV[role] : [];

/** Pages only a superadmin may open; an admin is sent to the dashboard. */
export const SUPERADMIN_PAGES = [
  "/admin/admins",
  "/admin/register-admin",
  "/admin/shipping",
  "/admin/stock-notifications",
  "/admin/analytics",
] as const;

export const LOGIN_PATH = "/admin/login";
/** Where an account goes when two-factor is required for all staff and it has it off. */
export const TWO_FACTOR_SETUP_PATH = "/admin/two-factor-setup";

/**
 * Old addresses of admin pages and where they live now (the spec's "/admin/register" is the
 * registration page); the target keeps its own guard.
 */
const MOVED: Readonly<Record<string, string>> = { "/admin/register": "/admin/register-admin" };

/** Where an old admin address now lives, or null. */
export const movedAdminPath = (pathname: string): string | null =>
  MOVED[pathname.replace(/\/+$/, "")] ?? null;

export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

export function isSuperadminPage(pathname: string): boolean {
  return SUPERADMIN_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Where a signed-in account lands: the dashboard for a superadmin, else the orders. */
export const landingFor = (role: AdminRole) =>
  role === "superadmin" ? "/admin/dashboard" : "/admin/orders";

/**
 * The return path after login, when it is a same-site path under /admin (never another
 * site: `//evil.example` or `/\evil` are refused), else null.
 */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith("/admin") || next.startsWith(LOGIN_PATH)) return null;
  if (/[\\\r\n]/.test(next) || next.startsWith("//")) return null;
  try {
    const url = new URL(next, "http://x");
    return url.origin === "http://x" && isAdminPath(url.pathname) ? next : null;
  } catch {
    return null;
  }
}

export const loginUrlFor = (pathWithSearch: string) =>
  `${LOGIN_PATH}?next=${encodeURIComponent(pathWithSearch)}`;
