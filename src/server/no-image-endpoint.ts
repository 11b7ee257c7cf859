import type { APIRoute } from "astro";

/**
 * Astro's image endpoint route, answered as any unknown address: the site has no image service
 * (astro.config.ts). An empty 404 makes Astro render the site's 404 page.
 */
export const ALL: APIRoute = () => new Response(null, { status: 404 });
