import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { BOSS, overflowX, PHONE, shellReady, signInAs } from "../_lib/admin-browser.ts";
import { browserTest, hydrated } from "../_lib/browser.ts";
import type { Page } from "playwright-core";

/**
 * The quotes path in real Chromium, one server and browser for the file. Each step is a named
 * helper so later steps (bank statements, reminders) can be added to a flow.
 */

/** A lab's buyer, as staff type it. */
const LAB = {
  firstName: "Marie",
  lastName: "Curie",
  email: "achats@lab.example",
  phone: "+33 1 44 27 00 00",
  company: "Laboratoire Curie",
  address: "11 rue Pierre et Marie Curie",
  city: "Paris",
  zipCode: "75005",
};

/** Staff on the Quotes screen, signed in. */
async function staffOnQuotes(page: Page) {
  await signInAs(page, BOSS, "/admin/login?next=%2Fadmin%2Fquotes");
  await shellReady(page);
  await page.getByRole("heading", { name: "Quotes", level: 1 }).waitFor();
}

/**
 * Staff make a quote with the keyboard's N: the lab, two boards at 10 % off, France; it opens
 * as a draft on its page. Answers the quote's number.
 */
async function staffCreateQuote(page: Page): Promise<string> {
  await hydrated(page, page.getByTestId("new-quote"));
  await page.keyboard.press("n");
  const dialog = page.getByTestId("quote-dialog");
  await dialog.getByLabel("First name").fill(LAB.firstName);
  await dialog.getByLabel("Last name").fill(LAB.lastName);
  await dialog.getByLabel(/^Email/).fill(LAB.email);
  await dialog.getByLabel(/^Phone/).fill(LAB.phone);
  await dialog.getByLabel(/^Company name/).fill(LAB.company);
  await dialog.getByLabel(/^Address/).fill(LAB.address);
  await dialog.getByLabel(/^City/).fill(LAB.city);
  await dialog.getByLabel(/^ZIP code/).fill(LAB.zipCode);
  await dialog.getByLabel(/^Country/).selectOption("France");
  await dialog.getByLabel(/^Product/).selectOption({ label: "Vectra DSP Board (25 in stock)" });
  await dialog.getByLabel(/^Quantity/).fill("2");
  await dialog.getByLabel("Discount %").fill("10");
  await dialog.getByTestId("quote-estimate").filter({ hasText: "€1,080.00" }).waitFor();
  await dialog.getByRole("button", { name: "Create quote" }).click();
  await page.waitForURL(/\/admin\/quotes\/[^/?]+$/);
  const heading = await page.getByRole("heading", { level: 1 }).innerText();
  const number = heading.replace("Quote ", "").trim();
  assert(/^D\d{4}-\d{6}$/.test(number), heading);
  return number;
}

/** Staff send the quote from its page (asked first); it reads "sent". */
async function staffSendQuote(page: Page) {
  const actions = page.getByRole("group", { name: "Quote actions" });
  await hydrated(page, actions);
  await actions.getByRole("button", { name: "Send", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Send", exact: true }).click();
  await page.getByTestId("quote-facts").getByText("Sent").waitFor();
}

browserTest(
  "[browser] quotes: staff make a quote at 390 px (keyboard, discount, France's VAT), send it, find it",
  async ({ newPage }) => {
    const page = await newPage(PHONE);
    await staffOnQuotes(page);
    await page.getByText("No quotes found").waitFor();
    const number = await staffCreateQuote(page);

    // Its page: the server's prices (2 × 540.00 incl. 20 % VAT + France's 9.90), a draft.
    const lines = await page.getByTestId("quote-lines").innerText();
    assertStringIncludes(lines, "10 %");
    assertEquals(await page.getByTestId("quote-total").innerText(), "€1,089.90");
    assertStringIncludes((await page.locator("main").innerText()).toLowerCase(), "draft");
    await staffSendQuote(page);
    assertEquals(await overflowX(page), 0, "no sideways scroll at 390 px");

    // The list: its filters live in the URL.
    await page.goto("/admin/quotes?status=sent");
    const row = page.getByTestId("quote-row");
    assertEquals(await row.count(), 1);
    assertStringIncludes(await row.innerText(), LAB.company);
    assertEquals(await overflowX(page), 0, "the list scrolls in its own box");
    await page.goto(`/admin/quotes?q=${encodeURIComponent(number)}`);
    assertEquals(await page.getByTestId("quote-row").count(), 1);
    await page.goto("/admin/quotes?status=draft");
    await page.getByText("No quotes found").waitFor();
    assertEquals(page.problems, []);
  },
);
