/** The shop's saved cart as a buyer's earlier visit leaves it, for the checkout's browser tests. */
import type { Locator, Page } from "playwright-core";

interface SavedCart {
  quantity?: number;
  country?: string;
  /** The country's shipping fee in euros, as the cart saves it. */
  fee?: number;
  /** The checkout island to wait for (`StripeCheckout` when the shop takes Stripe). */
  checkoutIsland?: string;
}

/**
 * `quantity` Vectra DSP Boards in the saved cart for `country`, /shop loaded again with it, and
 * the cart drawer opened once the checkout and the drawer are hydrated.
 */
export async function openDrawer(
  page: Page,
  { quantity = 1, country = "France", fee = 9.9, checkoutIsland = "Checkout" }: SavedCart = {},
) {
  await page.goto("/shop");
  const products = await (await page.request.get("/api/public/products")).json() as {
    _id: string;
    name: string;
    price: number;
    image: string;
    stock: number;
  }[];
  const board = products.find((p) => p.name === "Vectra DSP Board")!;
  await page.evaluate((cart) => localStorage.setItem("cart", JSON.stringify(cart)), {
    items: [{
      id: board._id,
      slug: "vectra-dsp-board",
      title: board.name,
      description: "",
      price: board.price,
      images: { front: board.image, back: board.image },
      category: "Development Boards",
      inStock: board.stock,
      features: [],
      quantity,
    }],
    shippingFee: { country, shippingFee: fee, currency: "EUR" },
    selectedCountry: country,
  });
  await page.reload();
  for (const island of [checkoutIsland, "CartDrawer"]) {
    await page.locator(`astro-island[component-url*=${island}]:not([ssr])`).waitFor({
      state: "attached",
    });
  }
  await page.getByRole("button", { name: /View Cart/ }).click();
  return page.getByRole("dialog", { name: "Shopping Cart" });
}

/** The buyer the checkout tests type in, in France. */
const ADA: Record<string, string> = {
  "First name": "Ada",
  "Last name": "Lovelace",
  "Email": "ada@example.com",
  "Phone": "+33612345678",
  "Address": "1 rue de la Paix",
  "City": "Toulouse",
  "State / Region": "Occitanie",
  "ZIP / Postal code": "31000",
};

/** Types the buyer into the checkout's form, `changes` over Ada's details. */
export async function fillCustomer(form: Locator, changes: Record<string, string> = {}) {
  for (const [label, value] of Object.entries({ ...ADA, ...changes })) {
    // Not the payment method's radios: their labels carry notes ("... by email").
    await form.getByLabel(label).and(form.locator(":not([type=radio])")).fill(value);
  }
}
