import type { Page } from "playwright-core";
import { hydrated } from "./browser.ts";

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

/** Waits until the admin shell is interactive (its island hydrated). */
export async function shellReady(page: Page) {
  await hydrated(page, page.getByTestId("menu-button"));
}
