import { openKv } from "../../src/store/kv.ts";
import { assert, assertEquals, assertMatch, assertStringIncludes } from "../_lib/assert.ts";
import { browserTest } from "../_lib/browser.ts";
import { createUnsubscribeTokens } from "../../src/services/unsubscribe.ts";
import { MARKETING_ROUTES } from "./_marketing_routes.ts";

browserTest("[browser] every marketing route answers 200 with its heading", async ({ newPage }) => {
  const page = await newPage();
  for (const { path, heading } of MARKETING_ROUTES) {
    const res = await page.goto(path);
    assertEquals(res?.status(), 200, path);
    // The islands' words come in the head: an island hydrating before the rest of a slowly
    // arriving body is parsed finds them (it threw "did not include the messages" before).
    const html = await res!.text();
    const words = html.indexOf('id="page-messages"');
    assert(words > 0 && words < html.indexOf("<body"), `${path}: the words in the head`);
    assertEquals((await page.locator("h1").first().innerText()).trim(), heading, path);
    assert((await page.title()).includes("Vectra"), `${path} has a title`);
    const canonical = await page.locator("link[rel=canonical]").getAttribute("href");
    assert(canonical?.startsWith("http"), `${path} has an absolute canonical`);
    const served = path === "/" ? "/home" : new URL(path, "http://x").pathname;
    assertEquals(new URL(canonical!).pathname, served, `${path}: canonical is the served URL`);
    assert(
      (await page.locator('script[type="application/ld+json"]').count()) >= 1,
      `${path} has structured data`,
    );
  }
  assertEquals(page.problems, [], "no console errors (CSP included)");
  const missing = await page.goto("/no-such-page");
  assertEquals(missing?.status(), 404);
  assertStringIncludes(await page.locator("h1").innerText(), "page not found");
});

browserTest(
  "[browser] / is the landing page, one canonical URL with /home, no splash for robots",
  async ({ newPage }) => {
    const page = await newPage();
    const root = await page.goto("/");
    assertEquals(root?.status(), 200);
    assertEquals(new URL(page.url()).pathname, "/", "no redirect");
    const heading = "Draw your control loop. Run it on real hardware.";
    assertEquals((await page.locator("h1").first().innerText()).trim(), heading);
    const canonical = async () => await page.locator("link[rel=canonical]").getAttribute("href");
    const rootCanonical = await canonical();
    assertEquals(new URL(rootCanonical!).pathname, "/home");
    assert(await page.getByTestId("splash").isHidden(), "an automated browser gets no splash");
    await page.goto("/home");
    assertEquals(await canonical(), rootCanonical, "one canonical URL for the two");
    assertEquals(page.problems, []);
  },
);

browserTest(
  "[browser] the splash is a skippable overlay on a visitor's first page, then gone",
  async ({ browser, server }) => {
    const visitor = async (reducedMotion: "reduce" | "no-preference") => {
      // A person's browser, not an automated or headless one (robots never get the splash).
      const context = await browser.newContext({
        baseURL: server.url,
        reducedMotion,
        userAgent:
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
      });
      await context.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false })
      );
      return await context.newPage();
    };
    const page = await visitor("no-preference");
    await page.goto("/");
    const splash = page.getByRole("dialog", { name: "Vectra" });
    await splash.waitFor();
    assert(
      await page.evaluate(() => document.activeElement?.id === "splash-skip"),
      "focus on Skip",
    );
    assertEquals(
      await page.locator("main h1").innerText(),
      "Draw your control loop. Run it on real hardware.",
      "the content is there underneath",
    );
    await splash.getByRole("button", { name: "Skip" }).click();
    await splash.waitFor({ state: "hidden" });

    // Not again in the same session, on / or /home.
    await page.goto("/home");
    assert(await page.getByTestId("splash").isHidden());
    await page.goto("/");
    assert(await page.getByTestId("splash").isHidden());

    // A new session: the splash goes by itself after the spec's 10 s, without a click (the
    // page's clock moved on rather than waited out).
    const second = await visitor("no-preference");
    await second.clock.install();
    await second.goto("/home");
    await second.getByTestId("splash").waitFor();
    await second.clock.fastForward(10_000);
    await second.getByTestId("splash").waitFor({ state: "hidden" });
    assertEquals(new URL(second.url()).pathname, "/home");

    // Reduced motion: never.
    const calm = await visitor("reduce");
    await calm.goto("/");
    await calm.locator("header[data-scrolled]").waitFor(); // the page's scripts have run
    assert(await calm.getByTestId("splash").isHidden());
  },
);

browserTest("[browser] the demo form shows inline errors, then submits", async ({ newPage }) => {
  const page = await newPage();
  await page.goto("/request-a-demo");
  const form = page.getByTestId("demo-form");
  // The form is marked ready once its script runs.
  await page.locator("[data-testid=demo-form][data-ready]").waitFor();
  await form.getByRole("button", { name: "Submit" }).click();
  await form.locator("[data-error-for=firstName]").waitFor();
  assertEquals(await form.locator("[data-error-for]").allInnerTexts(), [
    "First name is required",
    "Last name is required",
    "Email is required",
    "Company name is required",
    "Country is required",
    "Phone number is required",
    "Message is required",
  ]);
  assertEquals(await page.evaluate(() => document.activeElement?.id), "demo-firstName");

  // Editing a field clears its error.
  await form.getByLabel("First name").fill("Ada");
  assertEquals(await form.locator("[data-error-for=firstName]").count(), 0);
  await form.getByLabel("Last name").fill("Lovelace");
  await form.getByLabel("Email").fill("ada@example");
  await form.getByLabel("Company").fill("Analytical Engines");
  await form.locator("#demo-country").selectOption({ label: "France" });
  // Israel is not offered.
  assertEquals(await page.locator("#demo-country option", { hasText: /^Israel$/ }).count(), 0);
  await page.locator("#demo-phone").fill("61234");
  // The message counter counts and is capped at 500.
  await form.getByLabel("Message").fill("x".repeat(520));
  assertEquals(await page.getByTestId("message-count").innerText(), "500 / 500");
  await form.getByLabel("Message").fill("We would like to see field-oriented control.");
  assertEquals(await page.getByTestId("message-count").innerText(), "44 / 500");
  await form.getByRole("button", { name: "Submit" }).click();
  await form.locator("[data-error-for=email]").waitFor();
  assertEquals(await form.locator("[data-error-for=email]").innerText(), "Email is invalid");
  assertEquals(await form.locator("[data-error-for=phone]").innerText(), "Phone number is invalid");
  assertEquals(await page.evaluate(() => document.activeElement?.id), "demo-email");

  await form.getByLabel("Email").fill("ada@example.com");
  // The phone widget: France by default, searchable, digits only, at most 15.
  assertStringIncludes(await page.getByTestId("phone-country").innerText(), "+33");
  await page.getByTestId("phone-country").click();
  assertEquals(await page.evaluate(() => document.activeElement?.id), "demo-phone-search");
  await form.getByLabel("Search countries").fill("united kingdom");
  await page.getByRole("button", { name: /United Kingdom\s*\+44/ }).click();
  assertStringIncludes(await page.getByTestId("phone-country").innerText(), "+44");
  await page.locator("#demo-phone").fill("74ab00 123-456 999999999");
  assertEquals((await page.locator("#demo-phone").inputValue()).length, 15);
  await page.locator("#demo-phone").fill("7400 123456");
  assertEquals(await page.locator("#demo-phone").inputValue(), "7400123456");

  await form.getByRole("button", { name: "Submit" }).click();
  await page.getByText("Thank you for your interest! We will contact you shortly.").waitFor();
  assertEquals(await form.getByLabel("First name").inputValue(), "", "the form is cleared");
  assertEquals(await page.getByTestId("message-count").innerText(), "0 / 500");
  assertEquals(page.problems, []);
});

browserTest(
  "[browser] video tabs filter the videos and keep the category in the URL",
  async ({ newPage }) => {
    const page = await newPage();
    await page.route("https://www.youtube-nocookie.com/**", (r) => r.fulfill({ body: "" }));
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.goto("/video-library");
    const visible = () => page.locator("[data-testid=video-grid] > li:visible h2").allInnerTexts();
    const overview = await visible();
    assert(overview.length >= 2, "the overview category is shown by default");
    await page.getByRole("tab", { name: "Robotics" }).click();
    assertEquals(await visible(), [
      "A self-balancing robot with IMU fusion and a state-feedback loop",
    ]);
    assertEquals(new URL(page.url()).searchParams.get("category"), "robotics");
    assertEquals(
      await page.getByRole("tab", { name: "Robotics" }).getAttribute("aria-selected"),
      "true",
    );

    // The category comes from the URL.
    await page.goto("/video-library?category=biomedical");
    assertEquals(await visible(), ["Real-time ECG filtering and heart-rate detection"]);

    // Small screens: a dropdown instead of tabs.
    await page.setViewportSize({ width: 390, height: 800 });
    assert(!(await page.getByRole("tab", { name: "Robotics" }).isVisible()));
    await page.getByLabel("Category").selectOption("motor-control");
    assertEquals((await visible()).length, 2);
    assertEquals(new URL(page.url()).searchParams.get("category"), "motor-control");

    // No player before a click; a click swaps the poster for it.
    assertEquals(await page.locator("iframe").count(), 0);
    await page.getByRole("button", { name: /Play video: Field-oriented control/ }).click();
    const src = await page.locator("iframe").first().getAttribute("src");
    assertMatch(src ?? "", /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?autoplay=1$/);
  },
);

browserTest(
  "[browser] general terms pages navigate with Next and Previous",
  async ({ newPage }) => {
    const page = await newPage();
    await page.goto("/general-terms/page/1");
    assertEquals(await page.getByRole("link", { name: /Previous Page/ }).count(), 0);
    await page.getByRole("heading", { name: "1. Seller" }).waitFor();
    assertStringIncludes(await page.locator("#seller").innerText(), "5,000 euros");
    await page.getByRole("link", { name: /Next Page/ }).click();
    await page.waitForURL("**/general-terms/page/2");
    assertStringIncludes(await page.locator("#warranty").innerText(), "30 days");
    await page.getByRole("link", { name: /Next Page/ }).click();
    await page.waitForURL("**/general-terms/page/3");
    assertEquals(await page.getByRole("link", { name: /Next Page/ }).count(), 0);
    assertStringIncludes(
      await page.locator("#jurisdiction").innerText(),
      "Toulouse commercial court",
    );
    await page.getByRole("link", { name: /Previous Page/ }).click();
    await page.waitForURL("**/general-terms/page/2");
  },
);

browserTest("[browser] the footer newsletter form subscribes and clears", async ({ newPage }) => {
  const page = await newPage();
  await page.goto("/features");
  const form = page.getByTestId("newsletter-form");
  await form.scrollIntoViewIfNeeded();
  await page.locator("form[data-ready][data-testid=newsletter-form]").waitFor();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await page.getByText("Please enter your email address.").waitFor();
  await form.getByLabel("Email address").fill("reader@example.com");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await page.getByText("Thank you for subscribing!").waitFor();
  assertEquals(await form.getByLabel("Email address").inputValue(), "");
  assertEquals(page.problems, []);
});

browserTest(
  "[browser] unsubscribe: the link confirms, the button (or one-click POST) unsubscribes",
  async ({ server, newPage }) => {
    const kv = await openKv(":memory:");
    const token = await createUnsubscribeTokens(kv, "browser-test-secret").sign(
      "reader@example.com",
    );
    kv.close();
    await fetch(`${server.url}/api/subscription/subscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "reader@example.com" }),
    }).then((r) => r.body?.cancel());

    const page = await newPage();
    await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    assertStringIncludes(await page.locator("main").innerText(), "reader@example.com");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { name: "You have been unsubscribed" }).waitFor();

    const oneClick = await fetch(`${server.url}/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    await oneClick.body?.cancel();
    assertEquals(oneClick.status, 200);
    const forged = await fetch(`${server.url}/unsubscribe?token=x.y`, { method: "POST" });
    await forged.body?.cancel();
    assertEquals(forged.status, 400);
  },
  { env: { JWT_SECRET: "browser-test-secret" } },
);

browserTest(
  "[browser] reveal animations: triggered at 0.3 of the element (0.5 for the figures), staggered 300 and 600 ms",
  async ({ newPage }) => {
    const page = await newPage();
    const styles = async (selector: string) =>
      await page.locator(selector).first().evaluate((el) => {
        const cs = getComputedStyle(el);
        return {
          start: cs.getPropertyValue("timeline-trigger-activation-range-start"),
          delay: cs.animationDelay,
          trigger: cs.getPropertyValue("animation-trigger"),
        };
      });
    await page.goto("/home");
    const first = await styles("[data-reveal]:not(.reveal-delay-1):not(.reveal-delay-2)");
    assertEquals(first, { start: "entry 30%", delay: "0s", trigger: "--reveal play-forwards" });
    assertEquals((await styles("[data-reveal].reveal-delay-1")).delay, "0.3s");
    assertEquals((await styles("[data-reveal=half]")).start, "entry 50%");
    await page.goto("/about");
    assertEquals((await styles("[data-reveal].reveal-delay-2")).delay, "0.6s");

    // No motion at all when the visitor asks for less.
    await page.emulateMedia({ reducedMotion: "reduce" });
    assertEquals((await styles("[data-reveal]")).trigger, "none");
  },
);
