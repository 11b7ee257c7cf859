import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { BOSS, shellReady, signInAs } from "../_lib/admin-browser.ts";
import { seriousViolations } from "../_lib/axe.ts";
import { browserTest, hydrated } from "../_lib/browser.ts";
import { type RunningServer, serverApi } from "../_lib/server.ts";

async function asBoss(server: RunningServer) {
  const api = serverApi(server);
  const res = await api.request("/api/superadmins/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(BOSS),
  });
  const { token } = await res.json() as { token: string };
  return (path: string, method = "GET", body?: unknown) =>
    api.request(path, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/**
 * The fixture: two manual orders of the DSP Board (€600) to Tunisia (fee €22), an export
 * charged net of French VAT (€500.00 and €18.33): 2 units paid (€1,018.33), 1 unit unpaid.
 * Both pending.
 */
async function placeOrders(server: RunningServer) {
  const call = await asBoss(server);
  const products = await (await call("/api/admins/products")).json() as {
    _id: string;
    name: string;
  }[];
  const board = products.find((p) => p.name === "Vectra DSP Board")!;
  const ids: string[] = [];
  for (const [quantity, gender] of [[2, "female"], [1, undefined]] as const) {
    const res = await call("/api/orders/admin", "POST", {
      customer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "" },
      shippingAddress: { address: "1 Rue X", city: "Tunis", state: "", zipCode: "1000" },
      items: [{ id: board._id, quantity }],
      shippingCountry: "Tunisia",
      paymentMethod: "online",
      ...(gender ? { gender } : {}),
    });
    assertEquals(res.status, 201, await res.clone().text());
    ids.push((await res.json() as { orderId: string }).orderId);
  }
  const paid = await call(`/api/orders/${ids[0]}/payment`, "PUT", { paymentStatus: "paid" });
  assertEquals(paid.status, 200);
  await paid.body?.cancel();
}

browserTest(
  "[browser] dashboard and analytics show the orders' figures; an admin gets the dashboard only",
  async ({ server, newPage }) => {
    await placeOrders(server);
    const page = await newPage();
    await signInAs(page, BOSS);
    await shellReady(page);
    assertEquals(new URL(page.url()).pathname, "/admin/dashboard");

    // The dashboard: cards, recent orders, top products, the sales chart and its table.
    const cards = await page.getByTestId("stat-card").allInnerTexts();
    assertEquals(cards.map((c) => c.replace(/\s+/g, " ").trim()), [
      "Total Orders 2",
      "Total Revenue €1,018",
      "Pending Orders 2",
      `Low Stock ${cards[3].replace(/\D+/g, "")}`,
    ]);
    assertEquals(await page.getByTestId("recent-orders").getByRole("listitem").count(), 2);
    const top = await page.getByTestId("top-products").innerText();
    assertStringIncludes(top, "#1");
    assertStringIncludes(top, "Vectra DSP Board");
    assertStringIncludes(top, "2 sold");
    const sales = page.getByTestId("sales-over-time");
    await hydrated(page, sales);
    await sales.locator("canvas").waitFor();
    assertStringIncludes(await sales.getByTestId("chart-table").innerText(), "€1,018");
    // The range lives in the URL.
    const start = page.getByLabel("Start", { exact: true });
    await start.fill("2020-01-01");
    await start.dispatchEvent("change");
    await page.waitForURL(/start=2020-01-01/);

    // Analytics: the default range, four charts with their tables, the figures.
    await page.goto("/admin/analytics");
    const badge = page.getByTestId("range-badge");
    await hydrated(page, badge);
    await page.getByTestId("summary-statistics").waitFor();
    const summary = await page.getByTestId("summary-statistics").innerText();
    assertStringIncludes(summary, "€1,018.33");
    assertStringIncludes(summary, "Units Sold\n2");
    for (const id of ["chart-products", "chart-statuses", "chart-genders", "chart-methods"]) {
      const figure = page.getByTestId(id);
      await figure.locator("canvas").waitFor();
      assert(
        (await figure.getByTestId("chart-table").locator("tbody tr").count()) > 0,
        `${id} has a table alternative`,
      );
    }
    assertStringIncludes(
      await page.getByTestId("chart-statuses").getByTestId("chart-table").innerText(),
      "pending\t2\t100%",
    );
    assertStringIncludes(
      await page.getByTestId("chart-genders").getByTestId("chart-table").innerText(),
      "unspecified",
    );
    assertStringIncludes(await page.getByTestId("sales-by-country").innerText(), "Tunisia");
    const insights = await page.getByTestId("customer-insights").innerText();
    assertStringIncludes(insights, "Repeat Rate\n100.00%");

    // Quick ranges go into the URL, and the back button returns to the previous range.
    const before = await badge.innerText();
    await page.getByRole("button", { name: "All Time" }).click();
    await page.waitForURL(/start=2020-01-01/);
    await badge.filter({ hasText: /^2020-01-01 - / }).waitFor();
    await page.goBack();
    await page.waitForFunction(
      (text) => document.querySelector("[data-testid=range-badge]")?.textContent === text,
      before,
    );
    assertEquals(page.problems, []);

    // An admin: the dashboard, but analytics sends it back to the dashboard.
    const call = await asBoss(server);
    const created = await call("/api/admins", "POST", {
      username: "clerk",
      email: "clerk@example.com",
      password: "a long clerk password",
      image: "",
    });
    assertEquals(created.status, 201, await created.clone().text());
    const clerk = await newPage();
    await signInAs(clerk, { email: "clerk@example.com", password: "a long clerk password" });
    await clerk.goto("/admin/dashboard");
    await clerk.getByTestId("welcome").filter({ hasText: "Welcome back, clerk" }).waitFor();
    assertEquals(await clerk.getByTestId("stat-card").count(), 4);
    await clerk.goto("/admin/analytics");
    assertEquals(new URL(clerk.url()).pathname, "/admin/dashboard");
  },
);

browserTest(
  "[browser] axe-core: dashboard and analytics with figures, desktop and phone",
  async ({ server, browser }) => {
    await placeOrders(server);
    const found: string[] = [];
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const context = await browser.newContext({ baseURL: server.url, bypassCSP: true, viewport });
      const page = await context.newPage();
      await signInAs(page, BOSS, "/admin/login?next=%2Fadmin%2Fdashboard");
      await shellReady(page);
      await page.getByTestId("sales-over-time").locator("canvas").waitFor();
      found.push(...await seriousViolations(page, `${viewport.width}px /admin/dashboard`));
      await page.goto("/admin/analytics");
      await page.getByTestId("chart-methods").locator("canvas").waitFor();
      found.push(...await seriousViolations(page, `${viewport.width}px /admin/analytics`));
      await context.close();
    }
    assertEquals(found, [], found.join("\n"));
  },
);
