import { landingFor, navFor, safeNext } from "../../src/domain/admin-routes.ts";
import { assertEquals } from "../_lib/assert.ts";

Deno.test("[unit] admin login: only same-site /admin paths are honoured on return", () => {
  const cases: [string | null, string | null][] = [
    ["/admin/orders?status=pending", "/admin/orders?status=pending"],
    ["/admin/products", "/admin/products"],
    ["/admin", "/admin"],
    ["/admin/login", null],
    ["/shop", null],
    ["//evil.example/admin", null],
    ["/admin\\@evil.example", null],
    ["https://evil.example/admin/orders", null],
    ["/administrator", null],
    ["/admin/../shop", null],
    [null, null],
    ["", null],
  ];
  for (const [next, want] of cases) assertEquals(safeNext(next), want, String(next));
});

Deno.test("[unit] admin navigation per role, and where each role lands", () => {
  assertEquals(navFor("superadmin").map((n) => n.label), [
    "Dashboard",
    "Orders",
    "Quotes",
    "Invoices",
    "E-invoices",
    "Receivables",
    "Bank statements",
    "Products",
    "Shipping",
    "Subscribers",
    "Stock Notifications",
    "Analytics",
    "Admin Management",
    "Register Admin",
  ]);
  assertEquals(navFor("admin").map((n) => n.label), [
    "Orders",
    "Quotes",
    "Invoices",
    "E-invoices",
    "Receivables",
    "Bank statements",
    "Products",
    "Subscribers",
  ]);
  assertEquals(navFor("viewer"), []);
  assertEquals(landingFor("superadmin"), "/admin/dashboard");
  assertEquals(landingFor("admin"), "/admin/orders");
});
