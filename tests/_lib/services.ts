import { openKv } from "../../src/store/kv.ts";
import { createApiApp } from "../../src/api/app.ts";
import { type Config, loadConfig } from "../../src/services/config.ts";
import { createServices, type Services } from "../../src/services/container.ts";
import type { EReportingWriter } from "../../src/services/approved-platform.ts";
import type { MailTransport } from "../../src/services/mail/transport.ts";
import { seedIfEmpty } from "../../src/services/seed.ts";

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
 * app, then closes everything.
 */
export async function withServices(
  fn: (t: TestContext) => Promise<void>,
  options: {
    seed?: boolean;
    config?: Partial<Config>;
    transport?: MailTransport;
    reports?: EReportingWriter;
  } = {},
) {
  const kv = await openKv(":memory:");
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
    kv.close();
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
