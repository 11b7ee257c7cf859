import { openKv } from "../../src/store/kv.ts";
import { assert, assertEquals, assertRejects } from "../_lib/assert.ts";
import { UnprocessableError } from "../../src/domain/errors.ts";
import { createProductStore } from "../../src/store/products.ts";

async function withKv(fn: (kv: Deno.Kv) => Promise<void>) {
  const kv = await openKv(":memory:");
  try {
    await fn(kv);
  } finally {
    kv.close();
  }
}

const board = { name: "DSP Board", price: 600, image: "/b.svg", stock: 10 };

Deno.test("[store] products: create stores cents, a slug index, and reads back", () =>
  withKv(async (kv) => {
    const products = createProductStore(kv);
    const p = await products.create({ ...board, price: 19.99 });
    assertEquals(p.priceCents, 1999);
    assertEquals(p.slug, "dsp-board");
    assertEquals((await products.getBySlug("dsp-board"))?.id, p.id);
    assertEquals((await products.get(p.id))?.name, "DSP Board");
  }));

Deno.test("[store] products: slugs stay unique", () =>
  withKv(async (kv) => {
    const products = createProductStore(kv);
    const created = await Promise.all([1, 2, 3].map(() => products.create(board)));
    const slugs = created.map((p) => p.slug).sort();
    assertEquals(slugs, ["dsp-board", "dsp-board-2", "dsp-board-3"]);
  }));

Deno.test("[store] products: renaming moves the slug index", () =>
  withKv(async (kv) => {
    const products = createProductStore(kv);
    const p = await products.create(board);
    await products.update(p.id, { name: "Motor Shield" });
    assertEquals(await products.getBySlug("dsp-board"), null);
    assertEquals((await products.getBySlug("motor-shield"))?.id, p.id);
  }));

Deno.test("[store] products: 50 concurrent decrements of 1 on stock 20 sell exactly 20, never below 0", () =>
  withKv(async (kv) => {
    const products = createProductStore(kv);
    const p = await products.create({ ...board, stock: 20 });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => products.adjustStock(p.id, -1)),
    );
    const sold = results.filter((r) => r.status === "fulfilled").length;
    const refused = results.filter((r) =>
      r.status === "rejected" && r.reason instanceof UnprocessableError &&
      r.reason.code === "not_enough_stock"
    ).length;
    assertEquals(sold, 20);
    assertEquals(refused, 30);
    assertEquals((await products.get(p.id))?.stock, 0);
  }));

Deno.test("[store] products: a decrement below zero changes nothing", () =>
  withKv(async (kv) => {
    const products = createProductStore(kv);
    const p = await products.create({ ...board, stock: 2 });
    await assertRejects(() => products.adjustStock(p.id, -3), UnprocessableError, "DSP Board");
    assertEquals((await products.get(p.id))?.stock, 2);
  }));

Deno.test("[store] products: every write moves the catalogue version", () =>
  withKv(async (kv) => {
    const products = createProductStore(kv);
    assertEquals(await products.version(), null);
    const p = await products.create(board);
    const v1 = await products.version();
    await products.adjustStock(p.id, 1);
    const v2 = await products.version();
    assert(v1 && v2 && v1 !== v2);
  }));

Deno.test("[store] products: the checkout's reads see every write (parsed once per version)", () =>
  withKv(async (kv) => {
    const products = createProductStore(kv);
    const p = await products.create(board);
    assertEquals((await products.getMany([p.id]))[0].priceCents, 60000);
    assertEquals((await products.getMany([p.id]))[0].stock, 10);
    await products.update(p.id, { price: 550 });
    assertEquals((await products.getMany([p.id]))[0].priceCents, 55000);
    // A write made through another handle of the same KV (another instance, the stock commit).
    await kv.set(["product", p.id], { ...(await products.get(p.id))!, stock: 3 });
    assertEquals((await products.getMany([p.id]))[0].stock, 3);
  }));
