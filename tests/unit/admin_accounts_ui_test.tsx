import { renderToString } from "preact-render-to-string";
import type { PublicAdmin } from "../../src/domain/admin.ts";
import AdminManagement from "../../src/islands/admin/accounts/AdminManagement.tsx";
import RegisterAdminForm from "../../src/islands/admin/accounts/RegisterAdminForm.tsx";
import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";

/** The text a screen shows, tags stripped (what a reader of the server-rendered page sees). */
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();

const clerk: PublicAdmin = {
  _id: "a1",
  id: "a1",
  username: "Clerk",
  email: "clerk@example.com",
  role: "admin",
  status: "inactive",
  image: "",
  twoFactorEnabled: false,
  twoFactorLost: false,
  createdAt: "2026-11-23T00:00:00.000Z",
};

Deno.test("[unit] Admin Management: a non-superadmin sees Access Denied, not the accounts", () => {
  const shown = text(
    renderToString(<AdminManagement initial={[clerk]} currentRole="admin" currentId="x" />),
  );
  assertStringIncludes(shown, "Access Denied");
  assertStringIncludes(
    shown,
    "Only Super Admins can access Admin Management. Your current role is: admin",
  );
  assertStringIncludes(
    shown,
    "You can only manage orders and products with your current permissions.",
  );
  assert(!shown.includes(clerk.email));
});

Deno.test("[unit] Admin Management: empty state offers Create Admin and Refresh Page", () => {
  const html = renderToString(
    <AdminManagement initial={[]} currentRole="superadmin" currentId="x" />,
  );
  assertStringIncludes(text(html), "No admins found");
  assertStringIncludes(html, 'href="/admin/register-admin"');
  assertStringIncludes(text(html), "Create Admin Refresh Page");
});

Deno.test("[unit] Admin Management: a card shows the account and its actions", () => {
  const shown = text(
    renderToString(<AdminManagement initial={[clerk]} currentRole="superadmin" currentId="x" />),
  );
  for (const part of ["Clerk", "clerk@example.com", "admin", "inactive", "Edit", "Delete"]) {
    assertStringIncludes(shown, part);
  }
  assertStringIncludes(shown, "Activate", "an inactive account offers Activate");
  assert(!shown.includes("Deactivate"));
});

Deno.test("[unit] Admin Management: one's own card offers no Deactivate nor Delete", () => {
  const me: PublicAdmin = { ...clerk, _id: "me", id: "me", username: "Boss", role: "superadmin" };
  const cards = renderToString(
    <AdminManagement
      initial={[me, { ...clerk, status: "active" }]}
      currentRole="superadmin"
      currentId="me"
    />,
  ).split('data-testid="admin-card"').slice(1).map(text);
  assertEquals(cards.length, 2);
  const [own, other] = cards;
  assertStringIncludes(own, "Edit");
  assertStringIncludes(own, "Your account");
  assert(!/Deactivate|Activate|Delete/.test(own), own);
  assertStringIncludes(other, "Deactivate");
  assertStringIncludes(other, "Delete");
});

Deno.test("[unit] Admin Management: an account whose two-factor a restore lost says it must be set up again", () => {
  const lost: PublicAdmin = { ...clerk, twoFactorEnabled: true, twoFactorLost: true };
  const [card] = renderToString(
    <AdminManagement initial={[lost]} currentRole="superadmin" currentId="x" />,
  ).split('data-testid="admin-card"').slice(1).map(text);
  assertStringIncludes(card, "2FA lost");
  assertStringIncludes(card, "must be set up again");
  assert(!card.includes("2FA on"), card);
});

Deno.test("[unit] Register Admin: only a super admin chooses the role", () => {
  const boss = renderToString(<RegisterAdminForm currentRole="superadmin" />);
  const options = [...boss.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => m[1]);
  assertEquals(options, ["Regular Admin", "Super Admin"]);
  assertStringIncludes(text(boss), "Register Admin");
  const admin = renderToString(<RegisterAdminForm currentRole="admin" />);
  assert(!admin.includes("<select"), "no role select for a regular admin");
});
