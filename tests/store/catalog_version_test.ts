import { assert, assertEquals, assertNotEquals } from "../_lib/assert.ts";
import { withServices } from "../_lib/services.ts";
import { waitFor } from "../_lib/smtp.ts";
import { catalogFollowFor, createCatalog, VERSION_MAX_AGE_MS } from "../../src/services/catalog.ts";
import { createProductStore, type ProductStore } from "../../src/store/products.ts";
import { kvFileChanges } from "../../src/store/kv-changes.ts";
import { openKv } from "../../src/store/kv.ts";
import { createServices } from "../../src/services/container.ts";
import { seedIfEmpty } from "../../src/services/seed.ts";
import { testConfig } from "../_lib/services.ts";

/** The product store with its version reads counted. */
function counted(products: ProductStore) {
  const counter = { reads: 0 };
  const store: ProductStore = {
    ...products,
    version: (options) => {
      counter.reads++;
      return products.version(options);
    },
  };
  return { store, counter };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

Deno.test("[store] catalogue on a KV file: one version read serves the requests of a millisecond, a later write is seen", () =>
  withServices(async ({ services }) => {
    const { store, counter } = counted(services.products);
    const catalog = createCatalog(store, "read");
    const first = await catalog.version();
    await pause(VERSION_MAX_AGE_MS + 1);
    counter.reads = 0;
    const crowd = await Promise.all(Array.from({ length: 25 }, () => catalog.version()));
    assertEquals(new Set(crowd).size, 1);
    // One, unless this loop itself took over a millisecond on a busy machine.
    assert(counter.reads <= 2, `25 concurrent requests, ${counter.reads} version reads`);

    const [board] = await services.products.list();
    await services.products.update(board.id, { price: 612.34 });
    await pause(VERSION_MAX_AGE_MS + 1);
    assertNotEquals(await catalog.version(), first, "a write older than the bound is seen");
    const shown = (await catalog.list()).find((p) => p._id === board.id)!;
    assertEquals(shown.price, 612.34);
  }));

Deno.test("[store] catalogue with a KV watch: a write moves the version, no read per use", () =>
  withServices(async ({ services }) => {
    const { store, counter } = counted(services.products);
    const catalog = createCatalog(store, "watch");
    try {
      const first = await catalog.version(); // starts the watch
      const [board] = await services.products.list();
      await waitFor(async () => {
        counter.reads = 0;
        await catalog.version();
        // The watch delivered once uses read nothing but the rebuild's replica check.
        return counter.reads === 0;
      }, "the watch to deliver");
      const written = performance.now();
      await services.products.update(board.id, { price: 612.34 });
      while ((await catalog.version()) === first) await pause(1);
      console.log(
        `the watch delivered the change in ${(performance.now() - written).toFixed(1)} ms`,
      );
      counter.reads = 0;
      await Promise.all(Array.from({ length: 25 }, () => catalog.list()));
      assertEquals(counter.reads, 0, "no version read per use");
      assertEquals((await catalog.list()).find((p) => p._id === board.id)?.price, 612.34);
    } finally {
      catalog.close();
    }
  }));

Deno.test("[unit] the catalogue watches where a watch sees every writer, and reads elsewhere", () => {
  assertEquals(catalogFollowFor("./data/shop.kv"), "read");
  assertEquals(catalogFollowFor(":memory:"), "read");
  assertEquals(catalogFollowFor("./data/shop.kv", "deployment-1"), "watch", "Deno Deploy");
  assertEquals(catalogFollowFor(undefined), "watch", "Deno.openKv() with no path");
  assertEquals(catalogFollowFor("https://api.deno.com/databases/x/connect"), "watch");
  assert(VERSION_MAX_AGE_MS <= 1, "the propagation bound stays far below a client's round trip");
});

Deno.test("[store] catalogue on a KV file: no read while the file holds still, another process's write seen after the bound", async () => {
  const dir = await Deno.makeTempDir({ prefix: "catalog-sign-" });
  const path = `${dir}/shop.kv`;
  // Two handles on one file: the second writes as another instance would.
  const [ours, theirs] = [await openKv(path), await openKv(path)];
  try {
    const services = createServices(ours, testConfig({ kvPath: path }));
    await seedIfEmpty(services, () => {});
    const { store, counter } = counted(services.products);
    const catalog = createCatalog(store, "read", kvFileChanges(path));
    const first = await catalog.version();
    counter.reads = 0;
    for (let i = 0; i < 10; i++) {
      await pause(VERSION_MAX_AGE_MS + 1);
      assertEquals(await catalog.version(), first);
    }
    // At most one: the safety read when VERSION_RECHECK_MS passed during the loop.
    assert(counter.reads <= 1, `10 checks of a still file, ${counter.reads} version reads`);

    const other = createProductStore(theirs);
    const [board] = await other.list();
    await other.update(board.id, { price: 612.34 });
    await pause(VERSION_MAX_AGE_MS + 1);
    assertNotEquals(await catalog.version(), first, "the other handle's write is seen");
    assertEquals((await catalog.list()).find((p) => p._id === board.id)?.price, 612.34);
  } finally {
    ours.close();
    theirs.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("[unit] the KV file's sign: none without a file, moves with a commit", async () => {
  assertEquals(kvFileChanges(":memory:")(), null);
  assertEquals(kvFileChanges(undefined)(), null);
  assertEquals(kvFileChanges("https://api.deno.com/databases/x/connect")(), null);
  const dir = await Deno.makeTempDir({ prefix: "kv-sign-" });
  const kv = await openKv(`${dir}/shop.kv`);
  try {
    const sign = kvFileChanges(`${dir}/shop.kv`);
    await kv.set(["a"], 1);
    const before = sign();
    assert(before !== null, "a file KV has a sign");
    await kv.set(["a"], 2);
    assertNotEquals(sign(), before);
  } finally {
    kv.close();
    await Deno.remove(dir, { recursive: true });
  }
});
