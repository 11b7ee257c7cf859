/**
 * Fills a message's `{name}` placeholders: fill("{title} added to cart!", { title: "Board" }).
 * An unknown placeholder stays as it is, so a missing value shows instead of vanishing.
 */
export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(
    /\{(\w+)\}/g,
    (whole, name: string) => name in vars ? String(vars[name]) : whole,
  );
}
