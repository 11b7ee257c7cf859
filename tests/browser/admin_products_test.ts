import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { BOSS, shellReady, signInAs } from "../_lib/admin-browser.ts";
import { browserTest, hydrated } from "../_lib/browser.ts";

/** A file of PNG bytes to pick in the form's file chooser. */
/** A real tiny PNG: uploads are parsed whole. */
const PNG_FILE = new URL("../fixtures/images/tiny.png", import.meta.url).pathname;

browserTest(
  "[browser] products: create a product, then delete it by typing its name",
  async ({ newPage }) => {
    const page = await newPage();
    // The page's clock, moved on where the screen waits by itself (its success message's 3 s).
    await page.clock.install();
    await signInAs(page, BOSS, "/admin/login?next=%2Fadmin%2Fproducts");
    await shellReady(page);
    const rows = page.getByTestId("product-row");
    const before = await rows.count();
    const board = rows.filter({ hasText: "Vectra DSP Board" });
    assertStringIncludes(await board.innerText(), "+2 more features");

    await hydrated(page, page.getByRole("button", { name: "Add Product" }));
    await page.getByRole("button", { name: "Add Product" }).click();
    const form = page.getByTestId("product-form");
    await form.getByLabel(/^Name/).fill("Scope Probe");
    await form.getByLabel("Price").fill("19.99");
    await form.getByLabel("Stock").fill("4");
    await form.getByRole("button", { name: "Create Product" }).click();
    await form.getByRole("alert").filter({ hasText: "Front image is required" }).waitFor();
    await form.getByLabel("Modules").check();
    await form.getByLabel("Front image").setInputFiles(PNG_FILE);
    await form.getByRole("button", { name: "Create Product" }).click();
    await page.getByText("Product created successfully!").waitFor();
    assertEquals(await rows.count(), before + 1);
    const probe = rows.filter({ hasText: "Scope Probe" });
    assertStringIncludes(await probe.innerText(), "€19.99");
    assertEquals(await probe.locator("[data-colour=yellow]").innerText(), "4", "1-10 is yellow");
    // The success message goes away by itself, 3 s on.
    await page.clock.fastForward(3_000);
    await page.getByText("Product created successfully!").waitFor({ state: "detached" });

    await probe.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByTestId("confirm-dialog");
    await confirm.getByLabel(/Type/).fill("Scope probe");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await confirm.getByText("Product name does not match").waitFor();
    await confirm.getByLabel(/Type/).fill("Scope Probe");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Product deleted successfully!").waitFor();
    assertEquals(await rows.count(), before);
    const shop = await (await page.request.get("/api/public/products")).json() as {
      name: string;
    }[];
    assert(!shop.some((p) => p.name === "Scope Probe"), "gone from the shop");
    assertEquals(page.problems, []);
  },
);
