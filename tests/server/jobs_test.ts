import { createJobs, type Cron, EVERY_MINUTE } from "../../src/server/jobs.ts";
import type { MailMessage } from "../../src/domain/mail.ts";
import type { MailTransport } from "../../src/services/mail/transport.ts";
import { createServices, type Services } from "../../src/services/container.ts";
import { assert, assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { createIntent, intentBody, payWithToken, productByName } from "../_lib/checkout.ts";
import { type TestContext, withServices } from "../_lib/services.ts";
import { waitFor } from "../_lib/smtp.ts";

const NAMES = [
  "shop-mail-delivery",
  "shop-newsletters",
  "shop-approved-platform",
  "shop-restock-notices",
  "shop-payment-reminders",
  "shop-einvoices",
  "shop-checkout-sweep",
];

/** A transport that keeps what it is given. */
function recordingTransport() {
  const sent: MailMessage[] = [];
  const transport: MailTransport = {
    send: (message) => {
      sent.push(message);
      return Promise.resolve();
    },
    close: () => {},
  };
  return { sent, transport };
}

/** A Deno.cron stand-in that keeps each registration. */
function recordingCron() {
  const crons = new Map<
    string,
    { schedule: string; signal?: AbortSignal; run: () => Promise<void> }
  >();
  const cron: Cron = (name, schedule, options, handler) => {
    crons.set(name, { schedule, signal: options.signal, run: handler });
    return Promise.resolve();
  };
  return { crons, cron };
}

/** A mail committed to the outbox with nobody woken (as a crashed process would leave it). */
async function queueMailQuietly(services: Services, to: string) {
  const op = services.kv.atomic();
  services.outbox.add(op, { to, subject: "Waiting", text: "A mail left in the outbox." });
  assert((await op.commit()).ok);
}

/** A paid checkout whose buyer never came back to confirm it: only the sweep makes it an order. */
async function paidUnconfirmed({ api, services }: TestContext, email: string) {
  const board = await productByName(services, "Vectra DSP Board");
  const intent = await createIntent(
    api,
    intentBody([{ id: board.id, price: 600, quantity: 1 }], { email }),
  );
  await assertJsonResponse(await payWithToken(api, intent.clientSecret, "pm_card_visa"), 200);
  return intent.paymentIntentId;
}

Deno.test("[server] jobs: with Deno.cron each job is a cron, registered before the services exist, and its run does the work", async () => {
  const { sent, transport } = recordingTransport();
  const { crons, cron } = recordingCron();
  const jobs = createJobs(cron);
  assertEquals(jobs.scheduler, "Deno.cron");
  assertEquals(
    [...crons.keys()],
    NAMES,
    "registered at once: Deploy reads crons as the module starts",
  );
  for (const c of crons.values()) assertEquals(c.schedule, EVERY_MINUTE);

  await withServices(async (t) => {
    jobs.start(t.services);
    await jobs.settled(); // the runs at start: what follows is left to the crons
    const pi = await paidUnconfirmed(t, "late@example.com");
    await queueMailQuietly(t.services, "waiting@example.com");

    await crons.get("shop-checkout-sweep")!.run();
    const order = await t.services.orders.getByPaymentIntent(pi);
    assert(order, "the sweep's cron run made the paid checkout an order");
    await crons.get("shop-mail-delivery")!.run();
    assert(
      sent.some((m) => m.to === "waiting@example.com"),
      "the mail cron delivered the waiting mail",
    );
    assertEquals((await t.services.outbox.pending()).length, 0, "and the order's mails");

    // Two isolates (their own services, one KV) running the job at once send each mail once.
    await queueMailQuietly(t.services, "twice@example.com");
    const isolate = recordingCron();
    const other = createJobs(isolate.cron);
    const otherServices = createServices(t.kv, t.services.config, { transport });
    other.start(otherServices);
    await other.settled();
    await queueMailQuietly(t.services, "twice@example.com");
    await Promise.all([
      crons.get("shop-mail-delivery")!.run(),
      isolate.crons.get("shop-mail-delivery")!.run(),
    ]);
    assertEquals(sent.filter((m) => m.to === "twice@example.com").length, 2, "each once");
    await other.stop(otherServices);

    await jobs.stop(t.services);
    for (const c of crons.values()) assert(c.signal?.aborted, "a stop unregisters every cron");
  }, { transport });
});

Deno.test("[server] jobs: without Deno.cron the services' timers run them", async () => {
  const { sent, transport } = recordingTransport();
  const jobs = createJobs(null, { intervalMs: 50 });
  assertEquals(jobs.scheduler, "timers");
  await withServices(async (t) => {
    jobs.start(t.services);
    await jobs.settled(); // the runs at start: what follows is left to the crons
    const pi = await paidUnconfirmed(t, "late@example.com");
    await queueMailQuietly(t.services, "waiting@example.com");
    await waitFor(
      async () => Boolean(await t.services.orders.getByPaymentIntent(pi)),
      "the sweep timer",
    );
    await waitFor(() => sent.some((m) => m.to === "waiting@example.com"), "the mail timer");
    await jobs.stop(t.services);
  }, { transport });
});
