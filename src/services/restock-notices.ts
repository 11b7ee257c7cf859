import { backInStockMail } from "../domain/stock-notification.ts";
import type { ProductStore } from "../store/products.ts";
import { restockKey } from "../store/products.ts";
import type { OutboxStore } from "../store/outbox.ts";
import type { StockNotificationStore } from "../store/stock-notifications.ts";
import { log } from "./log.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { fill } from "../i18n/fill.ts";
import { localePath } from "../i18n/locales.ts";
import type { Mailer } from "./mail/mailer.ts";

export type RestockNotices = ReturnType<typeof createRestockNotices>;

/**
 * "Back in stock" mails. A product write that takes its stock from 0 to more leaves a marker in
 * its own commit; this sends one mail per pending notification of that product (each marked
 * notified in the commit that queues its mail, so racing senders send it once), then clears the
 * marker. Woken after such writes, and swept every minute in every instance.
 */
export function createRestockNotices(deps: {
  kv: Deno.Kv;
  products: ProductStore;
  stockNotifications: StockNotificationStore;
  outbox: OutboxStore;
  mailer: Mailer;
  site: { name: string; url: string };
}) {
  const { kv } = deps;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | null = null;

  async function sendFor(productId: string): Promise<number> {
    const product = await deps.products.get(productId);
    if (!product || product.stock === 0) return 0;
    const subjects: string[] = [];
    for (const n of await deps.stockNotifications.pendingFor(productId)) {
      const lang = n.lang ?? "en";
      const url = `${deps.site.url}${localePath(lang, `/shop/${product.slug}`)}`;
      const t = messagesFor(lang).mail;
      const mail = backInStockMail(n, url, deps.site.name, {
        subject: (name) => fill(t.backInStockSubject, { product: name }),
        hello: t.findHello,
        text: (name) => fill(t.backInStockText, { product: name }),
      });
      if (await deps.stockNotifications.notifyOnce(n, (op) => deps.outbox.add(op, mail))) {
        subjects.push(mail.subject);
      }
    }
    if (subjects.length) deps.mailer.wake(subjects);
    return subjects.length;
  }

  /** Sends what every marker owes; answers how many mails were queued. */
  async function run(): Promise<number> {
    let sent = 0;
    for await (const marker of kv.list({ prefix: ["restock_pending"] })) {
      const productId = String(marker.key[1]);
      sent += await sendFor(productId);
      // Cleared only if no newer restock wrote it meanwhile (that one is then sent next time).
      await kv.atomic().check(marker).delete(restockKey(productId)).commit();
    }
    return sent;
  }

  return {
    run,

    /** Runs now (one run at a time); the promise says how many mails were queued. */
    wake(): Promise<number> {
      running ??= run().finally(() => running = null);
      return running.catch((err) => {
        log.error("job failed", { job: "restock-notices" }, err);
        return 0;
      });
    },

    start(intervalMs = 60_000) {
      if (timer !== undefined) return;
      timer = setInterval(() => this.wake(), intervalMs);
      this.wake();
    },

    async stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
}
