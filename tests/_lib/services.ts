import { openKv } from "../../src/store/kv.ts";
import { createApiApp } from "../../src/api/app.ts";
import { type Config, loadConfig } from "../../src/services/config.ts";
import { createServices, type Services } from "../../src/services/container.ts";
import type { EReportingWriter } from "../../src/services/approved-platform.ts";
import type { MailTransport } from "../../src/services/mail/transport.ts";
import { seedIfEmpty } from "../../src/services/seed.ts";
import { setHashIterationsForTests } from "../../src/services/passwords.ts";

// Password hashes at a thousandth of production's cost: the suite makes hundreds (see why in
// src/services/passwords.ts); a test that needs production's cost sets it back.
setHashIterationsForTests(600);

/** Where no VIES answers (the discard port refuses at once): tests never reach the real one. */
export const NO_VIES = "http://127.0.0.1:9";

export function testConfig(overrides: Partial<Config> = {}): Config {
  const loaded = loadConfig({
    ADMIN_EMAIL: "admin@example.com",
    ADMIN_PASSWORD: "correct horse battery",
  });
  return {
    ...loaded,
    vat: { ...loaded.vat, viesUrl: NO_VIES },
    jwtSecret: "test-secret-test-secret-test-secret",
    ...overrides,
  };
}

export interface TestContext {
  kv: Deno.Kv;
  services: Services;
  api: ReturnType<typeof createApiApp>;
}

/**
 * Runs `fn` with services on a fresh ":memory:" KV (seeded unless `seed: false`) and the API
 * app, then closes everything. `wrapKv` gives the services (and `fn`) a handle around the KV,
 * e.g. one that records writes.
 */
export async function withServices(
  fn: (t: TestContext) => Promise<void>,
  options: {
    seed?: boolean;
    config?: Partial<Config>;
    transport?: MailTransport;
    reports?: EReportingWriter;
    wrapKv?: (kv: Deno.Kv) => Deno.Kv;
  } = {},
) {
  const opened = await openKv(":memory:");
  const kv = options.wrapKv?.(opened) ?? opened;
  const services = createServices(kv, testConfig(options.config), {
    transport: options.transport,
    reports: options.reports,
  });
  try {
    if (options.seed !== false) await seedIfEmpty(services, () => {});
    await fn({ kv, services, api: createApiApp(services) });
  } finally {
    await services.orderTracking.stop();
    await services.restock.stop();
    await services.newsletterSender.stop();
    await services.mailer.stop();
    opened.close();
  }
}

/** `app.request` with a JSON body. */
export function jsonRequest(method: string, body: unknown, headers: Record<string, string> = {}) {
  return {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
}
