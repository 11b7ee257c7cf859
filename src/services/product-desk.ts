import { type AuditActor, describeWrite } from "../domain/audit.ts";
import { ValidationError } from "../domain/errors.ts";
import { productFieldsFromForm } from "../domain/product-form.ts";
import {
  type AdminProduct,
  type Product,
  type ProductInput,
  toAdminProduct,
} from "../domain/product.ts";
import type { ProductAuditFor, ProductStore } from "../store/products.ts";
import type { RestockNotices } from "./restock-notices.ts";
import type { Uploads } from "./uploads.ts";

const SHOWN = ["name", "priceCents", "currency", "stock", "isActive", "image", "hoverImage"];

/** An uploaded image (checked by its bytes) or a path already ours; absent: undefined. */
async function imageField(
  uploads: Uploads,
  actor: AuditActor,
  value: FormDataEntryValue | null,
): Promise<string | null | undefined> {
  if (value instanceof File) {
    return value.size ? (await uploads.saveImage(actor, value)).path : undefined;
  }
  if (value === null) return undefined;
  const v = value.trim();
  return v === "" ? undefined : v === "null" ? null : v;
}

export type ProductDesk = ReturnType<typeof createProductDesk>;

/** Product Management: the multipart forms of the spec, images checked, every write audited. */
export function createProductDesk(deps: {
  products: ProductStore;
  uploads: Uploads;
  restock: RestockNotices;
}) {
  const audit = (actor: AuditActor, action: string): ProductAuditFor =>
    describeWrite<Product>(actor, "product", action, SHOWN, (p) => p.name);

  return {
    async list(): Promise<AdminProduct[]> {
      return (await deps.products.list()).map(toAdminProduct);
    },

    async create(actor: AuditActor, form: FormData): Promise<AdminProduct> {
      const fields = productFieldsFromForm(form, true);
      const image = await imageField(deps.uploads, actor, form.get("image"));
      if (!image) {
        throw new ValidationError("Front image is required", [
          { field: "image", message: "Front image is required" },
        ]);
      }
      const hoverImage = await imageField(deps.uploads, actor, form.get("hoverImage"));
      const product = await deps.products.create(
        { ...fields, image, ...(hoverImage ? { hoverImage } : {}) } as ProductInput,
        audit(actor, "create"),
      );
      return toAdminProduct(product);
    },

    async update(actor: AuditActor, id: string, form: FormData): Promise<AdminProduct> {
      const patch: Partial<ProductInput> = productFieldsFromForm(form, false);
      const image = await imageField(deps.uploads, actor, form.get("image"));
      if (image) patch.image = image;
      const hoverImage = await imageField(deps.uploads, actor, form.get("hoverImage"));
      if (hoverImage !== undefined) patch.hoverImage = hoverImage ?? undefined;
      const product = await deps.products.update(id, patch, audit(actor, "update"));
      deps.restock.wake();
      return toAdminProduct(product);
    },

    async remove(actor: AuditActor, id: string): Promise<void> {
      await deps.products.remove(id, audit(actor, "delete"));
    },
  };
}
