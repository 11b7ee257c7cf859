import { assert, assertEquals, assertJsonResponse, assertMatch } from "../_lib/assert.ts";
import { loginAs, type SignedIn } from "../_lib/admin.ts";
import { jsonRequest, type TestContext, withServices } from "../_lib/services.ts";

/** A real tiny PNG: uploads are parsed whole. */
const PNG = Deno.readFileSync(new URL("../fixtures/images/tiny.png", import.meta.url));
const png = (name = "front.png") => new File([PNG], name, { type: "image/png" });

function productForm(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

const send = async (t: TestContext, who: SignedIn, method: string, path: string, form: FormData) =>
  await t.api.request(path, { method, headers: who.headers, body: form });

interface ProductJson {
  _id: string;
  name: string;
  price: number;
  stock: number;
  currency: string;
  image: string;
  hoverImage?: string;
  category: string[];
  features: string[];
}

Deno.test("[api] products: a superadmin creates, edits and deletes; images checked by bytes", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const res = await send(
      t,
      boss,
      "POST",
      "/api/products",
      productForm({
        name: "Scope Probe",
        price: "19.99",
        stock: "7",
        currency: "EUR",
        description: "A probe.",
        category: JSON.stringify(["Modules", "Other"]),
        features: "10x\n100 MHz\nBNC",
        image: png(),
        hoverImage: png("back.png"),
      }),
    );
    const created = await assertJsonResponse(res, 201) as { message: string; product: ProductJson };
    assertEquals(created.message, "Product created successfully!");
    const p = created.product;
    assertEquals([p.name, p.price, p.stock, p.currency], ["Scope Probe", 19.99, 7, "EUR"]);
    assertEquals(p.category, ["Modules", "Other"]);
    assertEquals(p.features, ["10x", "100 MHz", "BNC"]);
    assertMatch(p.image, /^\/uploads\/[0-9A-Z]{26}\.png$/);
    assert(p.hoverImage?.startsWith("/uploads/"));
    const shop = await (await t.api.request("/api/public/products")).json() as ProductJson[];
    assert(shop.some((x) => x._id === p._id), "on sale at once");

    const edit = await send(
      t,
      boss,
      "PUT",
      `/api/products/${p._id}`,
      productForm({
        price: "24.50",
        hoverImage: "null",
      }),
    );
    const edited = await assertJsonResponse(edit, 200) as { message: string; product: ProductJson };
    assertEquals(edited.message, "Product updated successfully!");
    assertEquals([edited.product.price, edited.product.image], [24.5, p.image]);
    assertEquals(edited.product.hoverImage, undefined, "hoverImage null removes it");

    const del = await t.api.request(`/api/products/${p._id}`, {
      method: "DELETE",
      headers: boss.headers,
    });
    assertEquals(
      (await assertJsonResponse(del, 200) as { message: string }).message,
      "Product deleted successfully!",
    );
    const again = await t.api.request(`/api/products/${p._id}`, {
      method: "DELETE",
      headers: boss.headers,
    });
    await assertJsonResponse(again, 404);
    const actions = (await t.services.audit.forRecord("product", p._id)).map((e) => e.action);
    assertEquals(actions, ["product.create", "product.update", "product.delete"]);
  }));

Deno.test("[api] products: missing fields, bad numbers and non-images are refused; nothing stored", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const before = (await t.services.products.list()).length;
    const cases: [Record<string, string | File>, number, RegExp][] = [
      [{ name: "X", price: "1", stock: "1" }, 400, /^Front image is required$/],
      [{ price: "1", stock: "1", image: png() }, 400, /Name is required/],
      [{ name: "X", price: "abc", stock: "1", image: png() }, 400, /Price must be a number/],
      [{ name: "X", price: "1", stock: "1.5", image: png() }, 400, /Stock must be a whole number/],
      [{ name: "X", price: "1", stock: "-1", image: png() }, 400, /Stock must be a whole number/],
      [{ name: "X", price: "1", stock: "1", currency: "GBP", image: png() }, 400, /EUR or USD/],
      [
        {
          name: "X",
          price: "1",
          stock: "1",
          image: new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "x.png"),
        },
        415,
        /PNG, JPEG/,
      ],
    ];
    for (const [fields, status, message] of cases) {
      const res = await send(t, boss, "POST", "/api/products", productForm(fields));
      assertMatch((await assertJsonResponse(res, status) as { message: string }).message, message);
    }
    const json = await t.api.request(
      "/api/products",
      jsonRequest("POST", { name: "X" }, boss.headers),
    );
    await assertJsonResponse(json, 400);
    assertEquals((await t.services.products.list()).length, before);
    const unknown = await send(
      t,
      boss,
      "PUT",
      "/api/products/01ARZ3NDEKTSV4RRFFQ69G5FAV",
      productForm({ price: "2" }),
    );
    await assertJsonResponse(unknown, 404);
  }));

Deno.test("[api] products: a USD product is kept for staff but not offered in the shop", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const res = await send(
      t,
      boss,
      "POST",
      "/api/products",
      productForm({
        name: "US Kit",
        price: "10",
        stock: "3",
        currency: "USD",
        image: png(),
      }),
    );
    const { product } = await assertJsonResponse(res, 201) as { product: ProductJson };
    const clerk = await loginAs(t, "admin");
    const staff = await assertJsonResponse(
      await t.api.request("/api/products", { headers: clerk.headers }),
      200,
    ) as ProductJson[];
    assert(staff.some((p) => p._id === product._id && p.currency === "USD"));
    const shop = await (await t.api.request("/api/public/products")).json() as ProductJson[];
    assert(!shop.some((p) => p._id === product._id), "not in the shop");
  }));

Deno.test("[api] back in stock: each pending subscriber gets one mail, also with racing restocks", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const kit = (await t.services.products.list()).find((p) => p.stock === 0)!;
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) {
      await t.services.stockNotifications.subscribe(email, { id: kit.id, name: kit.name });
    }
    await Promise.all(
      [5, 8, 3].map((stock) =>
        send(t, boss, "PUT", `/api/products/${kit.id}`, productForm({ stock: String(stock) }))
          .then((r) => r.body?.cancel())
      ),
    );
    await Promise.all([t.services.restock.run(), t.services.restock.run()]);
    await t.services.restock.run();
    const mails = (await t.services.outbox.list()).filter((m) =>
      m.subject.includes("back in stock")
    );
    assertEquals(mails.map((m) => m.to).sort(), [
      "a@example.com",
      "b@example.com",
      "c@example.com",
    ]);
    assert(mails.every((m) => m.text.includes(`/shop/${kit.slug}`)), "with the product link");
    const notes = await t.services.stockNotifications.list();
    assert(notes.every((n) => n.isNotified && n.notifiedAt), "marked notified");

    // A later restock after selling out again notifies only new subscribers.
    await t.services.products.adjustStock(kit.id, -(await t.services.products.get(kit.id))!.stock);
    await t.services.stockNotifications.subscribe("d@example.com", { id: kit.id, name: kit.name });
    await t.services.products.adjustStock(kit.id, 2);
    await t.services.restock.run();
    const all = (await t.services.outbox.list()).filter((m) => m.subject.includes("back in stock"));
    assertEquals(all.length, 4);
  }));

Deno.test("[api] products: French name, description and features are optional, kept and shown to the shop", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const res = await send(
      t,
      boss,
      "POST",
      "/api/products",
      productForm({
        name: "Scope Probe",
        price: "19.99",
        stock: "7",
        description: "A probe.",
        nameFr: "Sonde d’oscilloscope",
        descriptionFr: "",
        featuresFr: "10x\n100 MHz",
        image: png(),
      }),
    );
    const { product } = await assertJsonResponse(res, 201) as {
      product: ProductJson & { fr?: Record<string, unknown> };
    };
    assertEquals(product.fr, { name: "Sonde d’oscilloscope", features: ["10x", "100 MHz"] });
    // An edit that sends only the French description keeps the French name and features.
    const edited = await send(
      t,
      boss,
      "PUT",
      `/api/products/${product._id}`,
      productForm({ descriptionFr: "Une sonde." }),
    );
    await assertJsonResponse(edited, 200);
    const shop = await (await t.api.request("/api/public/products"))
      .json() as (ProductJson & { fr?: Record<string, unknown> })[];
    assertEquals(shop.find((p) => p._id === product._id)?.fr, {
      name: "Sonde d’oscilloscope",
      description: "Une sonde.",
      features: ["10x", "100 MHz"],
    });
    // An empty French name removes it: the shop shows the English one.
    await send(t, boss, "PUT", `/api/products/${product._id}`, productForm({ nameFr: "" }));
    const after = await (await t.api.request("/api/public/products"))
      .json() as (ProductJson & { fr?: Record<string, unknown> })[];
    assertEquals(after.find((p) => p._id === product._id)?.fr?.name, undefined);
  }));
