import { ValidationError } from "./errors.ts";
import { CURRENCIES } from "./money.ts";
import type { ProductInput } from "./product.ts";

/** A multipart field's text, trimmed; files and absent fields give undefined. */
function text(form: FormData, name: string): string | undefined {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : undefined;
}

/**
 * A list field: repeated fields, a JSON array, or one item per line (features) / comma
 * (categories).
 */
function list(form: FormData, name: string, separator: RegExp): string[] | undefined {
  const all = form.getAll(name).filter((v): v is string => typeof v === "string");
  if (all.length === 0) return undefined;
  if (all.length > 1) return all.map((v) => v.trim()).filter(Boolean);
  const one = all[0].trim();
  if (one.startsWith("[")) {
    try {
      const parsed = JSON.parse(one);
      if (Array.isArray(parsed)) return parsed.map((v) => String(v).trim()).filter(Boolean);
    } catch {
      throw new ValidationError(`${name} must be a list`, [{
        field: name,
        message: "Invalid list",
      }]);
    }
  }
  return one.split(separator).map((v) => v.trim()).filter(Boolean);
}

/**
 * The product form's fields (spec: create product) as a partial ProductInput; images are
 * handled apart. Price is read as a decimal, stock as an integer.
 */
export function productFieldsFromForm(form: FormData, creating: boolean): Partial<ProductInput> {
  const out: Partial<ProductInput> = {};
  const errors: { field: string; message: string }[] = [];
  const name = text(form, "name");
  if (name !== undefined) out.name = name;
  if (creating && !name) errors.push({ field: "name", message: "Name is required" });
  const price = text(form, "price");
  if (price !== undefined && price !== "") {
    const n = Number(price);
    if (!Number.isFinite(n) || n < 0) {
      errors.push({ field: "price", message: "Price must be a number of 0 or more" });
    } else out.price = Math.round(n * 100) / 100;
  } else if (creating) errors.push({ field: "price", message: "Price is required" });
  const stock = text(form, "stock");
  if (stock !== undefined && stock !== "") {
    const n = Number(stock);
    if (!Number.isInteger(n) || n < 0) {
      errors.push({ field: "stock", message: "Stock must be a whole number of 0 or more" });
    } else out.stock = n;
  } else if (creating) errors.push({ field: "stock", message: "Stock is required" });
  const currency = text(form, "currency");
  if (currency) {
    if (!(CURRENCIES as readonly string[]).includes(currency)) {
      errors.push({ field: "currency", message: "Currency must be EUR or USD" });
    } else out.currency = currency as ProductInput["currency"];
  }
  const description = text(form, "description");
  if (description !== undefined) out.description = description;
  const category = list(form, "category", /,/);
  if (category) out.category = category;
  const features = list(form, "features", /\r?\n/);
  if (features) out.features = features;
  // The French texts: each optional; sent together, an empty one removes it.
  const nameFr = text(form, "nameFr");
  const descriptionFr = text(form, "descriptionFr");
  const featuresFr = list(form, "featuresFr", /\r?\n/) ?? (form.has("featuresFr") ? [] : undefined);
  if (nameFr !== undefined || descriptionFr !== undefined || featuresFr !== undefined) {
    out.fr = {
      ...(nameFr !== undefined ? { name: nameFr } : {}),
      ...(descriptionFr !== undefined ? { description: descriptionFr } : {}),
      ...(featuresFr !== undefined ? { features: featuresFr } : {}),
    };
  }
  const isActive = text(form, "isActive");
  if (isActive !== undefined) out.isActive = isActive !== "false";
  if (errors.length) throw new ValidationError(errors[0].message, errors);
  return out;
}
