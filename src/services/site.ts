import { slugify } from "../domain/ids.ts";
import { companyName } from "../domain/legal-notice.ts";
import { DEFAULT_SITE_NAME } from "./config.ts";
import { demoProducts } from "./seed.ts";

/**
 * Site-wide settings read when the site is built (prerendered pages are fixed at build time)
 * and again when it runs.
 */
const env = (name: string) => Deno.env.get(name)?.trim() || undefined;

export const SITE_NAME = env("SITE_NAME") ?? DEFAULT_SITE_NAME;
export const SITE_URL = (env("PUBLIC_SITE_URL") ?? `http://localhost:${env("PORT") ?? 8000}`)
  .replace(/\/+$/, "");
export const MBD_PATH = `/what-is-${slugify(SITE_NAME)}-mbd-solution`;
export const COMPANY_NAME = companyName(SITE_NAME);

/** The board as the demo catalogue lists it: the structured data of prerendered pages. */
export const BOARD = demoProducts(SITE_NAME)[0];

/** The header's and the footer's links: English paths and their catalogue keys. */
export const NAV_LINKS = [
  { href: "/home", key: "home" },
  { href: "/features", key: "features" },
  { href: "/video-library", key: "videos" },
  { href: "/shop", key: "shop" },
  { href: MBD_PATH, key: "mbd" },
] as const;
