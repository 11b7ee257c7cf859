import { assert, assertEquals, assertMatch } from "../_lib/assert.ts";
import {
  BOSS,
  bossApi,
  fillBackOffice,
  LAPTOP,
  onScreen,
  overflowX,
  PHONE,
  shellReady,
  signInAs,
} from "../_lib/admin-browser.ts";
import { seriousViolations } from "../_lib/axe.ts";
import { browserTest, hydrated } from "../_lib/browser.ts";

const PAGES = [
  "/admin/dashboard",
  "/admin/orders",
  "/admin/quotes",
  "/admin/invoices",
  "/admin/e-invoices",
  "/admin/receivables",
  "/admin/bank-statements",
  "/admin/products",
  "/admin/shipping",
  "/admin/subscribers",
  "/admin/stock-notifications",
  "/admin/analytics",
  "/admin/admins",
  "/admin/register-admin",
];

for (const [name, device] of [["390", PHONE], ["1366", LAPTOP]] as const) {
  browserTest(
    `[browser] layout ${name} px: every admin page, with data, fits without sideways scroll; dialogs on screen`,
    async ({ server, newPage }) => {
      const orders = await fillBackOffice(server);
      const page = await newPage(device);
      await signInAs(page, BOSS);
      const width = device.viewport.width;
      for (const path of [...PAGES, `/admin/orders/${orders[0]._id}`]) {
        const html = await (await page.goto(path))!.text();
        // The shell's words come in the head, before the shell that may hydrate first.
        const words = html.indexOf('id="page-messages"');
        assert(words > 0 && words < html.indexOf("<body"), `${path}: the words in the head`);
        await shellReady(page);
        assertEquals(await overflowX(page), 0, `${path} scrolls sideways at ${width} px`);
      }

      // The dialogs staff open most, whole on screen.
      await page.goto("/admin/orders");
      const create = page.getByRole("button", { name: "Create New Order" });
      await hydrated(page, create);
      await create.click();
      const order = page.getByTestId("create-order-dialog");
      await order.waitFor();
      assert(await onScreen(page, order), "'Create New Order' is whole on screen");
      assertEquals(await overflowX(page), 0);
      await order.getByRole("button", { name: "Cancel" }).click();

      await page.getByTestId("order-row").first().getByRole("button", { name: "Delete" }).click();
      assert(await onScreen(page, page.getByTestId("confirm-dialog")), "confirm on screen");
      await page.getByTestId("confirm-dialog").getByRole("button", { name: "Cancel" }).click();

      // Profile Settings: on a phone the avatar opens it directly, else through Settings.
      await page.getByTestId("avatar-button").click();
      if (width > 640) await page.getByRole("menuitem", { name: "Settings" }).click();
      const profile = page.getByTestId("profile-settings");
      await profile.waitFor();
      assert(await onScreen(page, profile), "'Profile Settings' is whole on screen");
      await profile.getByRole("button", { name: "Cancel" }).click();

      await page.goto("/admin/products");
      const add = page.getByRole("button", { name: "Add Product" });
      await hydrated(page, add);
      await add.click();
      const product = page.getByTestId("product-form");
      await product.waitFor();
      assert(await onScreen(page, product), "'Add New Product' is whole on screen");
      await product.getByRole("button", { name: "Cancel" }).click();

      await page.goto("/admin/subscribers");
      const send = page.getByRole("button", { name: "Send Newsletter" });
      await hydrated(page, send);
      await send.click();
      assert(await onScreen(page, page.getByTestId("newsletter-dialog")), "newsletter on screen");
      assertEquals(await seriousViolations(page, `newsletter dialog ${width}`), []);
      assertEquals(page.problems, []);
    },
  );
}

browserTest(
  "[browser] Invoices at 390 px: documents and VAT totals stacked, no amount cut, every Total and PDF on screen; the dashboard no wider than the phone",
  async ({ server, newPage }) => {
    const orders = await fillBackOffice(server);
    const call = await bossApi(server);
    for (const o of orders) {
      await call(`/api/orders/${o._id}/payment`, "PUT", { paymentStatus: "paid" });
    }
    // A payment staff mark as not received: a credit note, a negative total.
    await call(`/api/orders/${orders[0]._id}/payment`, "PUT", { paymentStatus: "failed" });
    const page = await newPage(PHONE);
    await signInAs(page, BOSS);
    const width = PHONE.viewport.width;

    for (const path of ["/admin/dashboard", "/admin/invoices"]) {
      await page.goto(path);
      await shellReady(page);
      assertEquals(await overflowX(page), 0, `${path} is ${width} px wide at most`);
      // Nothing shown reaches past the screen's right edge.
      const past = await page.evaluate(
        (w) =>
          [...document.querySelectorAll("main *")].filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.right > w + 0.5;
          }).map((el) => `${el.tagName} ${el.textContent?.trim().slice(0, 30)}`),
        width,
      );
      assertEquals(past, [], `${path}: elements past ${width} px`);
    }

    const cards = page.getByTestId("invoice-card");
    assertEquals(await cards.count(), 4, "three invoices and a credit note");
    for (let i = 0; i < 4; i++) {
      const card = cards.nth(i);
      const total = card.getByTestId("invoice-total");
      const pdf = card.getByRole("link", { name: /^PDF/ });
      for (const [what, el] of [["Total", total], ["PDF", pdf]] as const) {
        assert(await el.isVisible(), `${what} of card ${i} is shown`);
        const box = (await el.boundingBox())!;
        assert(box.x >= 0 && box.x + box.width <= width, `${what} of card ${i} is on screen`);
      }
      assertMatch(await total.innerText(), /^-?€\d{1,3}(,\d{3})*\.\d{2}$/);
    }
    // No amount cut mid-digit: every amount shows all of its text.
    const clipped = await page.evaluate(() =>
      [...document.querySelectorAll("[data-testid=invoice-total], dd")]
        .filter((el) => el.scrollWidth > el.clientWidth + 0.5)
        .map((el) => el.textContent)
    );
    assertEquals(clipped, []);
    assert(await page.getByTestId("vat-totals-stacked").isVisible());
    assertEquals(
      await page.getByTestId("invoice-table").isVisible(),
      false,
      "the wide table is for wider screens",
    );
    assertEquals(await seriousViolations(page, "invoices 390"), []);
    assertEquals(page.problems, []);
  },
);
