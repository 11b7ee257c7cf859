import { monotonicFactory } from "ulid";

const next = monotonicFactory();

/** Time-sortable unique id (ULID). */
export function newId(): string {
  return next();
}

export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80) || "item";
}
