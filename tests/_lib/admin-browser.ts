import type { Locator, Page } from "playwright-core";
import { hydrated } from "./browser.ts";
import { type RunningServer, serverApi } from "./server.ts";

/** The seeded superadmin of the built server (tests/_lib/server.ts). */
export const BOSS = { email: "admin@example.com", password: "correct horse battery" };

/** Signs in through the login page, as staff do, and waits for the page it lands on. */
export async function signInAs(
  page: Page,
  creds: { email: string; password: string },
  path = "/admin/login",
) {
  await page.goto(path);
  const form = page.getByTestId("login-form");
  await hydrated(page, form);
  await form.getByLabel("Email").fill(creds.email);
  await form.getByLabel("Password", { exact: true }).fill(creds.password);
  await form.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/admin/login"));
}

/**
 * Signed out the way a lost cookie signs out: the back office is left first, since a screen's poll
 * answered 401 once the cookie is gone sends the open page to the sign-in page, and that
 * navigation would abort the test's own next `goto` (net::ERR_ABORTED).
 */
export async function signedOut(page: Page) {
  await page.goto("about:blank");
  await page.context().clearCookies();
}

/** Waits until the admin shell is interactive (its island hydrated). */
export async function shellReady(page: Page) {
  await hydrated(page, page.getByTestId("menu-button"));
}

/** A phone as the issue tried it: 390 px wide, touch, mobile layout. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};
export const LAPTOP = { viewport: { width: 1366, height: 768 } };

/** The seeded superadmin's API, with a bearer token: for making data as staff would. */
export async function bossApi(server: RunningServer) {
  const api = serverApi(server);
  const res = await api.request("/api/superadmins/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(BOSS),
  });
  const { token } = await res.json() as { token: string };
  return async (path: string, method = "GET", body?: unknown) => {
    const answer = await api.request(path, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
    return await answer.json();
  };
}

/**
 * A back office with something on every screen: manual orders (long names and addresses, one
 * placed at `createdAt`), sign-ups through the public form, a stock alert, a newsletter.
 * Answers the orders made.
 */
export async function fillBackOffice(server: RunningServer, createdAt?: string) {
  const call = await bossApi(server);
  const products = await call("/api/admins/products") as { _id: string; name: string }[];
  const board = products.find((p) => p.name === "Vectra DSP Board")!;
  const orders: { _id: string; orderNumber: string }[] = [];
  for (let i = 0; i < 3; i++) {
    const { order } = await call("/api/orders/admin", "POST", {
      customer: {
        firstName: "Maximiliane-Henriette",
        lastName: `Oppenheimer-Castellanos ${i}`,
        email: `maximiliane.oppenheimer.castellanos${i}@example-long-domain.com`,
        phone: "+33 6 12 34 56 78",
      },
      shippingAddress: {
        address: "12 Boulevard de la République",
        city: "Tunis",
        state: "",
        zipCode: "1000",
      },
      items: [{ id: board._id, quantity: 1 }],
      shippingCountry: "Tunisia",
      paymentMethod: "delivery",
      ...(i === 0 && createdAt ? { createdAt } : {}),
    }) as { order: { _id: string; orderNumber: string } };
    orders.push(order);
  }
  const api = serverApi(server);
  for (
    const email of ["ada@example.com", "a.very.long.subscriber.address@example-long-domain.com"]
  ) {
    await api.request("/api/subscription/subscribe", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, source: "/home" }),
    }).then((r) => r.body?.cancel());
  }
  await api.request("/api/stock-notifications/subscribe", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ productId: board._id, email: "waiting@example.com" }),
  }).then((r) => r.body?.cancel());
  await call("/api/subscribers/send-to-all", "POST", { subject: "Autumn news", message: "Hi" });
  return orders;
}

/**
 * The page's width beyond the device's (0: no sideways scroll). Measured against the viewport
 * asked for, not `innerWidth`: a phone (mobile emulation) widens its layout viewport to content
 * wider than the screen, so `innerWidth` grows with the overflow it should reveal.
 */
export const overflowX = (page: Page) =>
  page.evaluate(
    (width) => document.documentElement.scrollWidth - width,
    page.viewportSize()!.width,
  );

/** Whether a dialog's box lies wholly inside the viewport. */
export async function onScreen(page: Page, dialog: Locator) {
  const box = await dialog.boundingBox();
  const view = page.viewportSize()!;
  return !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= view.width + 0.5 &&
    box.y + box.height <= view.height + 0.5;
}
