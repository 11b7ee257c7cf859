import { assert, assertEquals } from "../_lib/assert.ts";
import { listCountries, resolveCountryCode } from "../../src/domain/countries.ts";
import { idFloor, newId } from "../../src/domain/ids.ts";
import { formatMoney, fromCents, toCents } from "../../src/domain/money.ts";
import { toShopProduct } from "../../src/domain/shop-product.ts";
import { hashPassword, verifyPassword } from "../../src/services/passwords.ts";

Deno.test("[unit] money: euros and cents round-trip without float drift", () => {
  assertEquals(toCents(0.1 + 0.2), 30);
  assertEquals(toCents(19.99), 1999);
  assertEquals(fromCents(60000), 600);
  assertEquals(formatMoney(60000), "€600.00");
  assertEquals(formatMoney(1250, "USD"), "USD 12.50");
});

Deno.test("[unit] money: every amount a buyer reads groups its thousands", () => {
  assertEquals(formatMoney(8891100), "€88,911.00");
  assertEquals(formatMoney(104700), "€1,047.00");
  assertEquals(formatMoney(99999), "€999.99");
  assertEquals(formatMoney(123456789), "€1,234,567.89");
  assertEquals(formatMoney(-150000), "-€1,500.00");
  assertEquals(formatMoney(120000, "USD"), "USD 1,200.00");
});

Deno.test("[unit] countries: built from libphonenumber-js and Intl, Israel excluded by default", () => {
  const countries = listCountries();
  assert(countries.length > 240);
  assert(!countries.some((c) => c.code === "IL"));
  assertEquals(countries.find((c) => c.code === "FR"), {
    code: "FR",
    name: "France",
    dialCode: "+33",
  });
  assertEquals(resolveCountryCode("FR"), "FR");
  assertEquals(resolveCountryCode("united kingdom"), "GB");
  assertEquals(resolveCountryCode("Atlantis"), null);
});

Deno.test("[unit] shop product mapping: the spec's defaults", () => {
  const p = toShopProduct({ _id: "1", name: "Kit", price: 5 });
  assertEquals(p.category, "Other");
  assertEquals(p.inStock, 0);
  assertEquals(p.images.front, "/images/products/placeholder.svg");
  assertEquals(p.images.back, p.images.front);
  const q = toShopProduct({ _id: "2", image: "/a.svg", category: ["Sensors", "X"], stock: 3 });
  assertEquals(q.images.back, "/a.svg");
  assertEquals(q.category, "Sensors");
  assertEquals(q.inStock, 3);
});

Deno.test("[unit] passwords: PBKDF2-SHA256 with 600,000 iterations, salted", async () => {
  const a = await hashPassword("s3cret!");
  const b = await hashPassword("s3cret!");
  assert(a.startsWith("pbkdf2-sha256$600000$"));
  assert(a !== b, "each hash has its own salt");
  assert(await verifyPassword("s3cret!", a));
  assert(!(await verifyPassword("s3cret?", a)));
  assert(!(await verifyPassword("s3cret!", "garbage")));
});

Deno.test("[unit] ids: ULIDs, unique and in making order within a millisecond, after their time's floor", () => {
  const before = idFloor(Date.now());
  const ids = Array.from({ length: 2000 }, () => newId());
  assert(
    ids.every((id) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(id)),
    "Crockford base 32, 26 characters",
  );
  assertEquals(new Set(ids).size, ids.length);
  assertEquals([...ids].sort(), ids);
  assert(before <= ids[0] && ids.at(-1)! < idFloor(Date.now() + 1));
  assertEquals(idFloor(0), "0000000000");
  assertEquals(idFloor(1469918176385), "01ARYZ6S41", "the ULID specification's example");
});
