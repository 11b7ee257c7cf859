import type { Page } from "playwright-core";
import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { browserTest } from "../_lib/browser.ts";

const BOARD = "Vectra DSP Board";

/**
 * Puts one board in the saved cart with France chosen, then goes the customer's way: the cart
 * drawer's 'Proceed to Checkout'.
 */
async function openCheckout(page: Page) {
  await page.goto("/shop");
  const products = await (await page.request.get("/api/public/products")).json() as {
    _id: string;
    name: string;
    price: number;
    image: string;
    stock: number;
  }[];
  const board = products.find((p) => p.name === BOARD)!;
  const item = {
    id: board._id,
    slug: "vectra-dsp-board",
    title: board.name,
    description: "",
    price: board.price,
    images: { front: board.image, back: board.image },
    category: "Development Boards",
    inStock: board.stock,
    features: [],
    quantity: 1,
  };
  await page.evaluate((cart) => localStorage.setItem("cart", JSON.stringify(cart)), {
    items: [item],
    shippingFee: { country: "France", shippingFee: 9.9, currency: "EUR" },
    selectedCountry: "France",
  });
  await page.reload();
  await page.locator("astro-island[component-url*=Checkout]:not([ssr])").waitFor({
    state: "attached",
  });
  await page.locator("astro-island[component-url*=CartDrawer]:not([ssr])").waitFor({
    state: "attached",
  });
  await page.getByRole("button", { name: /View Cart/ }).click();
  // Opening the drawer refreshes the countries, the fee and the lines; the button is disabled
  // while the fee loads, so a click in between would be lost.
  await page.waitForLoadState("networkidle");
  await page.getByRole("dialog", { name: "Shopping Cart" }).getByRole("button", {
    name: "Proceed to Checkout",
  }).click();
  await page.getByRole("dialog", { name: "Checkout" }).waitFor();
}

async function fillCustomer(page: Page) {
  const form = page.getByRole("dialog", { name: "Checkout" });
  for (
    const [label, value] of [
      ["First name", "Ada"],
      ["Last name", "Lovelace"],
      ["Email", "ada@example.com"],
      ["Phone", "+33612345678"],
      ["Address", "1 rue de la Paix"],
      ["City", "Toulouse"],
      ["State / Region", "Occitanie"],
      ["ZIP / Postal code", "31000"],
    ]
  ) await form.getByLabel(label).fill(value);
}

async function payWith(page: Page, number: string) {
  const dialog = page.getByRole("dialog", { name: "Card Payment" });
  await dialog.getByLabel("Card number").fill(number);
  await dialog.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await dialog.getByLabel("CVC").fill("123");
  await dialog.getByRole("button", { name: "Pay €609.90" }).click();
}

browserTest("[browser] checkout: a full purchase with the sandbox card", async ({ newPage }) => {
  const page = await newPage();
  await openCheckout(page);
  const form = page.getByRole("dialog", { name: "Checkout" });
  assertEquals(await form.getByLabel("Country").inputValue(), "France");
  assert(await form.getByLabel("Country").getAttribute("readonly") !== null);
  assertStringIncludes(await form.innerText(), "chosen in your cart");

  await form.getByRole("button", { name: "Proceed to Payment" }).click();
  await form.getByRole("alert").filter({ hasText: "Please fill in all required fields." })
    .waitFor();
  await fillCustomer(page);
  await form.getByRole("button", { name: "Proceed to Payment" }).click();

  // Hold the card confirmation until the busy label has been seen.
  let release = () => {};
  const held = new Promise<void>((r) => release = r);
  await page.route("**/api/sandbox/confirm-card", async (route) => {
    await held;
    await route.continue();
  });
  await payWith(page, "4242 4242 4242 4242");
  const payment = page.getByRole("dialog", { name: "Card Payment" });
  await payment.getByRole("button", { name: "Processing Payment..." }).waitFor();
  assert(await payment.getByRole("button", { name: "Processing Payment..." }).isDisabled());
  release();
  const success = page.getByRole("dialog", { name: "Payment Successful!" });
  await success.waitFor();
  assertStringIncludes(await success.innerText(), "ORD-000001");
  await success.getByRole("button", { name: "Continue Shopping" }).click();
  await success.waitFor({ state: "detached" });
  assertEquals(await page.getByRole("dialog").count(), 0, "everything is closed");
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "{}"));
  assertEquals(saved.items, [], "the cart is empty");

  const stock = async () => {
    const list = await (await page.request.get("/api/public/products")).json() as {
      name: string;
      stock: number;
    }[];
    return list.find((p) => p.name === BOARD)!.stock;
  };
  for (let i = 0; i < 30 && (await stock()) !== 24; i++) await page.waitForTimeout(100);
  assertEquals(await stock(), 24, "one board sold");
  assertEquals(page.problems, []);
});

browserTest(
  "[browser] checkout: a declined card shows its dialog, Try Again pays",
  async ({ newPage }) => {
    const page = await newPage();
    await openCheckout(page);
    await fillCustomer(page);
    await page.getByRole("dialog", { name: "Checkout" })
      .getByRole("button", { name: "Proceed to Payment" }).click();
    await payWith(page, "4000 0000 0000 0002");

    const error = page.getByRole("alertdialog", { name: "Card Declined" });
    await error.waitFor();
    assertStringIncludes(
      await error.innerText(),
      "Your card was declined. Please try a different payment method.",
    );
    assertStringIncludes(await error.innerText(), "contact your bank");
    await error.getByRole("button", { name: "Try Again" }).click();

    const payment = page.getByRole("dialog", { name: "Card Payment" });
    await payment.waitFor();
    assertStringIncludes(await payment.getByTestId("card-error").innerText(), "card_declined");
    await payWith(page, "4242 4242 4242 4242");
    await page.getByRole("dialog", { name: "Payment Successful!" }).waitFor();
    // The declined card answer (402) is logged by the browser; any other problem counts.
    assertEquals(page.problems.filter((p) => !p.includes("402")), []);
  },
);

browserTest(
  "[browser] checkout: the form keeps focus inside and Escape closes it",
  async ({ newPage }) => {
    const page = await newPage();
    await openCheckout(page);
    const form = page.getByRole("dialog", { name: "Checkout" });
    assertEquals(
      await page.evaluate(() => document.activeElement?.getAttribute("autocomplete")),
      "given-name",
      "focus starts in the first field",
    );
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(i % 2 ? "Tab" : "Shift+Tab");
      assert(
        await form.evaluate((el) => el.contains(document.activeElement)),
        "Tab never leaves the dialog",
      );
    }
    await page.keyboard.press("Escape");
    await form.waitFor({ state: "hidden" });
  },
);
