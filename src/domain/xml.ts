/**
 * A small XML writer for the e-invoices: elements as strings, text and attributes escaped,
 * absent children (null, undefined, false, "") left out, so optional fields need no branches.
 * Deterministic: the same data always gives the same bytes.
 */

export type XmlChild = string | null | undefined | false | XmlChild[];

const escapeText = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    // Characters XML 1.0 cannot carry at all (C0 controls but tab, newline, return).
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "");

const escapeAttr = (s: string) => escapeText(s).replace(/"/g, "&quot;");

/** Text content, escaped. */
export const text = (value: string | number) => escapeText(String(value));

const flatten = (children: XmlChild[]): string =>
  children.map((c) => Array.isArray(c) ? flatten(c) : c || "").join("");

type Attrs = Record<string, string | null | undefined>;

/**
 * `<name attrs>children</name>`, the attributes optional (an object before the children); an
 * element with no content left is left out.
 */
export function el(name: string, attrs: Attrs | null, ...children: XmlChild[]): string;
export function el(name: string, ...children: XmlChild[]): string;
export function el(name: string, ...rest: (Attrs | XmlChild)[]): string {
  const first = rest[0];
  const attrs = first && typeof first === "object" && !Array.isArray(first) ? first : null;
  const inner = flatten((attrs ? rest.slice(1) : rest) as XmlChild[]);
  if (!inner) return "";
  const a = Object.entries(attrs ?? {})
    .filter((e): e is [string, string] => e[1] != null && e[1] !== "")
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join("");
  return `<${name}${a}>${inner}</${name}>`;
}

/** An element holding text, left out when the value is null, undefined or empty. */
export const leaf = (name: string, value: string | number | null | undefined, attrs?: Attrs) =>
  value == null || value === "" ? "" : el(name, attrs ?? null, text(value));

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/**
 * A leaf inside its parents, named by a path: `leafAt("a/b", v)` is `<a><b>v</b></a>`, the
 * attributes the leaf's; left out, parents and all, when the value is.
 */
export function leafAt(
  path: string,
  value: string | number | null | undefined,
  attrs?: Attrs,
): string {
  const names = path.split("/");
  const last = leaf(names.pop()!, value, attrs);
  return names.reduceRight((inner, name) => el(name, null, inner), last);
}
