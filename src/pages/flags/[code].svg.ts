import type { APIRoute } from "astro";
import { listCountries } from "../../domain/countries.ts";

/**
 * Country flags for the phone widget, copied from flag-icons at build time so they are served
 * by us (no CDN, nothing for the CSP to allow).
 */
export const prerender = true;

export function getStaticPaths() {
  return listCountries([]).map((c) => ({ params: { code: c.code.toLowerCase() } }));
}

/** For the few regions flag-icons has no file for (e.g. Ascension Island). */
const BLANK_FLAG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480"><rect width="640" height="480" fill="#cbd5e1"/></svg>';

export const GET: APIRoute = async ({ params }) => {
  const file = `${Deno.cwd()}/node_modules/flag-icons/flags/4x3/${params.code}.svg`;
  const svg = await Deno.readTextFile(file).catch(() => BLANK_FLAG);
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml" } });
};
