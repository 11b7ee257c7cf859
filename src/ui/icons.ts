/** The drawings of the site's icons (24 × 24), shared by its Preact, Astro and plain-DOM parts. */
export const CLOSE_ICON_PATH = "M6 6l12 12M18 6L6 18";
export const MENU_ICON_PATH = "M3 6h18M3 12h18M3 18h18";

/** The × as SVG markup, for code that builds the DOM itself. */
export function closeIconSvg(size: number, strokeWidth: number): string {
  return `<svg aria-hidden="true" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="${strokeWidth}"><path d="${CLOSE_ICON_PATH}"/></svg>`;
}
