import { assert, assertEquals } from "../_lib/assert.ts";
import { withServices } from "../_lib/services.ts";
import { seedIfEmpty } from "../../src/services/seed.ts";
import { verifyPassword } from "../../src/services/passwords.ts";

Deno.test("[store] seed: an empty KV gets the catalogue, fees and a superadmin, once", () =>
  withServices(async ({ services }) => {
    const lines: string[] = [];
    assertEquals(await seedIfEmpty(services, (l) => lines.push(l)), true);
    const products = await services.products.list();
    const board = products.find((p) => p.name === "Vectra DSP Board")!;
    assertEquals(board.priceCents, 60000);
    assert(products.some((p) => p.stock === 0), "one product is out of stock");
    assert((await services.shippingFees.list()).length >= 12);
    const admin = (await services.admins.getByEmail("admin@example.com"))!;
    assertEquals(admin.role, "superadmin");
    assert(await verifyPassword("correct horse battery", admin.passwordHash));
    assert(
      !lines.join("\n").includes("correct horse battery"),
      "a configured password is never printed",
    );

    // Staff delete a product: a restart must not bring it back.
    await services.products.remove(board.id);
    assertEquals(await seedIfEmpty(services, () => {}), false);
    assertEquals((await services.products.list()).length, products.length - 1);
  }, { seed: false }));
