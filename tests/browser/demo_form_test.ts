import type { Page } from "playwright-core";
import { assert, assertEquals, assertMatch, assertStringIncludes } from "../_lib/assert.ts";
import { browserTest } from "../_lib/browser.ts";

/** Opens the demo form (its script run) and records the requests it sends from then on. */
async function openForm(page: Page) {
  await page.goto("/request-a-demo");
  await page.locator("[data-testid=demo-form][data-ready]").waitFor();
  const posts: Record<string, string>[] = [];
  const metadata: string[] = [];
  page.on("request", (req) => {
    const path = new URL(req.url()).pathname;
    if (path === "/api/demo" && req.method() === "POST") posts.push(req.postDataJSON());
    if (path.startsWith("/phone-metadata/")) metadata.push(path.split("/").pop()!);
  });
  return { form: page.getByTestId("demo-form"), posts, metadata };
}

/** Fills every field but the phone, validly, with France as the country. */
async function fillAllButPhone(page: Page) {
  const form = page.getByTestId("demo-form");
  await form.getByLabel("First name").fill("Ada");
  await form.getByLabel("Last name").fill("Lovelace");
  await form.getByLabel("Email").fill("ada@example.com");
  await form.getByLabel("Company").fill("Analytical Engines");
  await form.locator("#demo-country").selectOption({ label: "France" });
  await form.getByLabel("Message").fill("We would like to see field-oriented control.");
}

async function pickPhoneCountry(page: Page, search: string, name: RegExp) {
  await page.getByTestId("phone-country").click();
  await page.getByLabel("Search countries").fill(search);
  await page.getByRole("button", { name }).click();
}

const SENT = "Thank you for your interest! We will contact you shortly.";

/** Submits and waits for the form to be cleared (it is, once the API took the request). */
async function submitAndWaitSent(page: Page) {
  await page.getByTestId("demo-form").getByRole("button", { name: "Submit" }).click();
  await page.waitForFunction(() =>
    (document.getElementById("demo-firstName") as HTMLInputElement).value === ""
  );
}

browserTest(
  "[browser] demo form: the phone is checked in the browser with its calling code's metadata, as the API checks it",
  async ({ newPage }) => {
    const page = await newPage();
    const { form, posts, metadata } = await openForm(page);
    await fillAllButPhone(page);
    const phoneError = form.locator("[data-error-for=phone]");

    // 612345678 is a French mobile number; the United Kingdom has no such number.
    await page.locator("#demo-phone").fill("612345678");
    await pickPhoneCountry(page, "united kingdom", /United Kingdom\s*\+44/);
    await form.getByRole("button", { name: "Submit" }).click();
    await phoneError.waitFor();
    assertEquals(await phoneError.innerText(), "Phone number is invalid");
    assertEquals(await page.evaluate(() => document.activeElement?.id), "demo-phone");
    assertEquals(posts, [], "refused in the browser: nothing was sent");
    assert(metadata.includes("44.json"), `the +44 metadata was fetched: ${metadata}`);

    // The same digits with France picked again: sent, and taken.
    await pickPhoneCountry(page, "france", /France\s*\+33/);
    await submitAndWaitSent(page);
    await page.getByText(SENT).first().waitFor();
    assertEquals(posts.map((p) => [p.countryCode, p.phone]), [["+33", "+33612345678"]]);
    assert(metadata.includes("33.json"), `the +33 metadata was fetched: ${metadata}`);
    assertEquals(metadata.length, new Set(metadata).size, "each file fetched once");
    // Cached for good under a name that holds the metadata's version; another version is no file.
    const base = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname)
        .find((p) => p.endsWith("/33.json"))!.replace("33.json", "")
    );
    const file = await page.request.get(`${base}33.json`);
    assertEquals(file.headers()["cache-control"], "public, max-age=31536000, immutable");
    assertEquals((await file.json()).country_calling_codes, { 33: ["FR"] });
    assertEquals((await page.request.get("/phone-metadata/0/33.json")).status(), 404);

    // A +44 number pasted while France is shown: the widget turns to the United Kingdom.
    await fillAllButPhone(page);
    assertStringIncludes(await page.getByTestId("phone-country").innerText(), "+33");
    await page.locator("#demo-phone").fill("+44 7400 123456");
    assertStringIncludes(await page.getByTestId("phone-country").innerText(), "+44");
    assertMatch(
      (await page.getByTestId("phone-country").getAttribute("aria-label"))!,
      /United Kingdom \+44/,
    );
    assertEquals(await page.locator("#demo-phone").inputValue(), "7400123456");
    await submitAndWaitSent(page);
    assertEquals(posts.map((p) => p.phone), ["+33612345678", "+447400123456"]);

    // The same ten digits typed (no plus) with France shown are one digit too many for France.
    await fillAllButPhone(page);
    await page.locator("#demo-phone").fill("7400123456");
    await form.getByRole("button", { name: "Submit" }).click();
    await phoneError.waitFor();
    assertEquals(await phoneError.innerText(), "Phone number is invalid");
    assertEquals(posts.length, 2, "refused in the browser");
    assertEquals(page.problems, []);
  },
);

browserTest(
  "[browser] demo form: when the phone metadata cannot be fetched, the API decides and its answer is shown",
  async ({ newPage }) => {
    const page = await newPage();
    await page.route("**/phone-metadata/**", (route) => route.abort());
    const { form, posts, metadata } = await openForm(page);
    await fillAllButPhone(page);

    // Too short for France: not checked in the browser, refused by the API, shown at the field.
    await page.locator("#demo-phone").fill("61234");
    await form.getByRole("button", { name: "Submit" }).click();
    const phoneError = form.locator("[data-error-for=phone]");
    await phoneError.waitFor();
    assertEquals(await phoneError.innerText(), "Phone number is invalid");
    await page.getByText("phone: Phone number is invalid").waitFor();
    assertEquals(posts.map((p) => p.phone), ["+3361234"], "the API was asked");
    assert(metadata.length >= 1, "the metadata was tried");

    // A valid number is never blocked by the missing metadata.
    await page.locator("#demo-phone").fill("612345678");
    await submitAndWaitSent(page);
    await page.getByText(SENT).waitFor();
    assertEquals(posts.map((p) => p.phone), ["+3361234", "+33612345678"]);
  },
);

browserTest(
  "[browser] demo form: what a visitor types before its script runs is kept and sent",
  async ({ newPage }) => {
    const page = await newPage();
    // The form's script is held back: the visitor types into the server HTML meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/DemoForm\.[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const posts: Record<string, string>[] = [];
    page.on("request", (req) => {
      if (new URL(req.url()).pathname === "/api/demo") posts.push(req.postDataJSON());
    });
    await page.goto("/request-a-demo", { waitUntil: "commit" });
    const form = page.getByTestId("demo-form");
    await form.getByLabel("First name").fill("  Ada ");
    await form.getByLabel("Last name").fill("Lovelace");
    await form.getByLabel("Email").fill("ada@example.com");
    await form.getByLabel("Company").fill("Analytical Engines");
    await form.locator("#demo-country").selectOption({ label: "United Kingdom" });
    await page.locator("#demo-phone").fill("+44 7400 123456");
    await form.getByLabel("Message").fill("Typed before the script.");
    // Enter before the script: no plain submission (the details would land in the URL).
    await form.getByLabel("Company").press("Enter");
    assert(await form.getByRole("button", { name: "Submit" }).isDisabled(), "Submit waits");
    assertEquals(new URL(page.url()).search, "");
    assertEquals(await form.getAttribute("data-ready"), null, "the script is still held");

    release();
    await page.locator("[data-testid=demo-form][data-ready]").waitFor();
    assertEquals(await form.getByLabel("First name").inputValue(), "  Ada ");
    assertEquals(await page.locator("#demo-phone").inputValue(), "7400123456");
    assertMatch(
      (await page.getByTestId("phone-country").getAttribute("aria-label"))!,
      /United Kingdom \+44/,
    );
    assertEquals(await page.getByTestId("message-count").innerText(), "24 / 500");
    await submitAndWaitSent(page);
    assertEquals(posts, [{
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      company: "Analytical Engines",
      country: "United Kingdom",
      countryCode: "+44",
      phone: "+447400123456",
      message: "Typed before the script.",
    }]);
    await page.getByText(SENT).waitFor();
    assertEquals(page.problems, []);
  },
);

browserTest(
  "[browser] demo form: the phone country picker by keyboard (search, Tab, Enter, Escape) and by pointer",
  async ({ newPage }) => {
    const page = await newPage();
    const { form } = await openForm(page);
    const toggle = page.getByTestId("phone-country");
    const dialog = page.getByRole("dialog", { name: "Choose a country calling code" });
    const focused = () =>
      page.evaluate(() =>
        document.activeElement?.textContent?.trim() || document.activeElement?.id
      );

    await toggle.focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    assertEquals(await toggle.getAttribute("aria-expanded"), "true");
    assertEquals(await focused(), "demo-phone-search");
    await page.keyboard.type("germ");
    const countries = dialog.getByRole("list", { name: "Countries" }).getByRole("button");
    await page.waitForFunction(() =>
      [...document.querySelectorAll("#demo-form [role=dialog] li:not([hidden]) button")].length ===
        1
    );
    assertEquals(await countries.filter({ visible: true }).allInnerTexts(), ["Germany\n+49"]);
    await page.keyboard.press("Tab");
    assertMatch((await focused())!, /^Germany\s*\+49$/);
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    assertEquals(await toggle.getAttribute("aria-expanded"), "false");
    assertMatch((await toggle.getAttribute("aria-label"))!, /Germany \+49/);
    assertEquals(
      await page.evaluate(() => document.activeElement?.getAttribute("data-testid")),
      "phone-country",
    );

    // Opened again: the search is empty, Germany is marked; a dial code finds its countries;
    // Escape closes without a change and gives the focus back.
    await page.keyboard.press("Space");
    await dialog.waitFor();
    assertEquals(await page.locator("#demo-phone-search").inputValue(), "");
    assertEquals(await dialog.locator("[aria-current=true]").innerText(), "Germany\n+49");
    await page.keyboard.type("+44");
    await page.waitForFunction(() =>
      [...document.querySelectorAll("#demo-form [role=dialog] li:not([hidden]) button")].length < 10
    );
    const byCode = await countries.filter({ visible: true }).allInnerTexts();
    assert(byCode.includes("United Kingdom\n+44"), byCode.join(", "));
    assert(byCode.every((text) => text.endsWith("+44")), byCode.join(", "));
    await page.locator("#demo-phone-search").fill("no such country");
    await dialog.getByText("No match").waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    assertMatch((await toggle.getAttribute("aria-label"))!, /Germany \+49/);
    assertEquals(
      await page.evaluate(() => document.activeElement?.getAttribute("data-testid")),
      "phone-country",
    );

    // By pointer: a press outside closes it; a country clicked is picked.
    await toggle.click();
    await dialog.waitFor();
    await form.getByLabel("Company").click();
    await dialog.waitFor({ state: "detached" });
    await pickPhoneCountry(page, "jap", /Japan\s*\+81/);
    assertMatch((await toggle.getAttribute("aria-label"))!, /Japan \+81/);
    assertEquals(page.problems, []);
  },
);

browserTest(
  "[browser] demo form: Submit is busy while the request is under way, and sends it once",
  async ({ newPage }) => {
    const page = await newPage();
    const { form, posts } = await openForm(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/demo", async (route) => {
      await held;
      await route.continue();
    });
    await fillAllButPhone(page);
    await page.locator("#demo-phone").fill("612345678");
    await form.getByRole("button", { name: "Submit" }).click();
    const busy = form.getByRole("button", { name: "Sending..." });
    await busy.waitFor();
    assert(await busy.isDisabled(), "disabled while sending");
    // Enter in a field and a click on the busy button send nothing more.
    await form.getByLabel("Company").press("Enter");
    await busy.dispatchEvent("click");
    release();
    await page.getByText(SENT).waitFor();
    assertEquals(posts.length, 1);
    assertEquals(await form.getByRole("button", { name: "Submit" }).isEnabled(), true);
    assertEquals(await form.getByLabel("Message").inputValue(), "", "the form is cleared");
    assertMatch((await page.getByTestId("phone-country").getAttribute("aria-label"))!, /France/);
    assertEquals(page.problems, []);
  },
);
