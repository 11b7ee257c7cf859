import { openKv } from "../../src/store/kv.ts";
/**
 * Subscribers and newsletters at scale: writes SUBSCRIBERS records (default 50,000, one in ten
 * unsubscribed, over two years) into a KV file as the earlier store did, times their indexing at
 * start, then prints p50/p99 of the subscribers page (first page, a status, a deep page, a
 * search), of `send-to-all`'s answer, and the delivery rate of the first MAILS newsletter mails
 * (default 2,000) to a local SMTP server (`SMTP_POOL=1`: one pooled SMTP connection).
 * `deno task bench:subscribers`.
 */
import { createApiApp } from "../../src/api/app.ts";
import { newId } from "../../src/domain/ids.ts";
import type { Subscriber } from "../../src/domain/subscriber.ts";
import { createServices } from "../../src/services/container.ts";
import { seedIfEmpty } from "../../src/services/seed.ts";
import { loginAs } from "../_lib/admin.ts";
import { testConfig } from "../_lib/services.ts";
import { smtpSink } from "../_lib/smtp.ts";

const SUBSCRIBERS = Number(Deno.env.get("SUBSCRIBERS") ?? 50_000);
const RUNS = Number(Deno.env.get("RUNS") ?? 50);
const MAILS = Math.min(Number(Deno.env.get("MAILS") ?? 2000), SUBSCRIBERS);
const POOL = Deno.env.get("SMTP_POOL") === "1";
const TWO_YEARS = 2 * 365 * 86_400_000;
const DOMAINS = ["example.com", "mail.test", "shop.example"];

const smtp = await smtpSink();
const dir = await Deno.makeTempDir({ prefix: "bench-subscribers-" });
const kvPath = `${dir}/subscribers.kv`;
const kv = await openKv(kvPath);
const services = createServices(
  kv,
  testConfig({ kvPath, smtpUrl: POOL ? `${smtp.url}?pool=true` : smtp.url }),
);
await seedIfEmpty(services, () => {});
const api = createApiApp(services);

const seedStart = performance.now();
const now = Date.now();
for (let i = 0; i < SUBSCRIBERS; i += 200) {
  const op = kv.atomic();
  for (let k = i; k < Math.min(i + 200, SUBSCRIBERS); k++) {
    const createdAt = new Date(now - TWO_YEARS + Math.floor((k / SUBSCRIBERS) * TWO_YEARS))
      .toISOString();
    const s: Subscriber = {
      schemaVersion: 1,
      id: newId(),
      email: `reader${k}@${DOMAINS[k % DOMAINS.length]}`,
      subscribed: k % 10 !== 7,
      consent: { at: createdAt, source: "/" },
      createdAt,
    };
    op.set(["subscriber", s.id], s).set(["subscriber_by_email", s.email], s.id);
  }
  if (!(await op.commit()).ok) throw new Error("seed commit failed");
}
const seconds = (ms: number) => (ms / 1000).toFixed(1);
console.log(`seeded ${SUBSCRIBERS} subscribers in ${seconds(performance.now() - seedStart)} s`);
const indexStart = performance.now();
const indexed = await services.subscribers.ensureIndexes();
console.log(`indexed ${indexed} at start in ${seconds(performance.now() - indexStart)} s`);

const { headers } = await loginAs({ kv, services, api }, "seeded");

async function call(path: string, init: RequestInit = {}) {
  const res = await api.request(path, { ...init, headers: { ...headers, ...init.headers } });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return await res.json();
}

function report(label: string, times: number[]) {
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  console.log(`${label.padEnd(34)} p50 ${at(0.5).toFixed(1)} ms  p99 ${at(0.99).toFixed(1)} ms`);
}

async function measure(label: string, path: (run: number) => string) {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    await call(path(run));
    times.push(performance.now() - start);
  }
  report(label, times);
}

const pages = Math.ceil(SUBSCRIBERS / 10);
await measure("subscribers, first page", () => "/api/subscribers/admin?page=1&limit=10");
await measure("subscribers, status=inactive", () => "/api/subscribers/admin?status=inactive");
await measure("subscribers, page 2 of 50 per page", () => "/api/subscribers/admin?page=2&limit=50");
await measure(
  `subscribers, middle page (${Math.floor(pages / 2)})`,
  () => `/api/subscribers/admin?page=${Math.floor(pages / 2)}`,
);
await measure(
  "subscribers, search reader<n>",
  (r) => `/api/subscribers/admin?search=reader${(r * 1931) % SUBSCRIBERS}`,
);
await measure("subscribers, search @mail.test", () => "/api/subscribers/admin?search=%40mail.test");

const send = async (subject: string) => {
  const start = performance.now();
  const { newsletter } = await call("/api/subscribers/send-to-all", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ subject, message: "New boards are in." }),
  });
  return { id: newsletter.id as string, ms: performance.now() - start };
};

// send-to-all's answer alone: these newsletters are recorded with delivery stopped, then dropped.
await services.newsletterSender.stop();
const answers: number[] = [];
for (let run = 0; run < Math.min(RUNS, 20); run++) {
  const { id, ms } = await send(`Answer ${run}`);
  answers.push(ms);
  await kv.delete(["newsletter", id]);
}
report("send-to-all, answer", answers);

// One real newsletter: its answer while delivery runs, then the rate of its first MAILS mails.
services.newsletterSender.start();
const real = await send("Autumn news");
console.log(`send-to-all, delivering one: answer ${real.ms.toFixed(1)} ms`);
const deliveryStart = performance.now();
let progress = (await services.newsletterSender.list(1))[0];
while (progress.sent < MAILS) {
  if (performance.now() - deliveryStart > 600_000) throw new Error("delivery stalled");
  await new Promise((r) => setTimeout(r, 100));
  progress = (await services.newsletterSender.list(1))[0];
}
const elapsed = (performance.now() - deliveryStart) / 1000;
const rate = progress.sent / elapsed;
console.log(
  `delivery${POOL ? " (pooled SMTP)" : ""}: ${progress.sent} mails in ${elapsed.toFixed(1)} s, ` +
    `${rate.toFixed(0)} mails/s (${progress.queued} queued, ${progress.pending} pending); ` +
    `all ${progress.sent + progress.pending} at this rate: ${
      (
        (progress.sent + progress.pending) / rate / 60
      ).toFixed(0)
    } min`,
);

await services.newsletterSender.stop();
await services.restock.stop();
await services.mailer.stop();
await smtp.close();
kv.close();
await Deno.remove(dir, { recursive: true });
