import { assert, assertEquals } from "../_lib/assert.ts";
import {
  BOSS,
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
  "/admin/invoices",
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
        await page.goto(path);
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
