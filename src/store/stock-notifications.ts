import { normalizeEmail } from "../domain/email.ts";
import { NotFoundError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { type StockNotification, stockNotificationSchema } from "../domain/stock-notification.ts";
import type { AuditDraft } from "../domain/audit.ts";
import { conflict, done, listValues, nowIso, retryOnConflict } from "./atomic.ts";
import { addAudit } from "./audit.ts";
import { keyedRecords } from "./records.ts";

const notificationKey = (id: string) => ["stock_notification", id] as const;
/** At most one pending notification per product and email. */
const pendingKey = (productId: string, email: string) =>
  ["stock_notification_pending", productId, normalizeEmail(email)] as const;
const notFound = () => new NotFoundError("Stock notification not found");

export type StockNotificationStore = ReturnType<typeof createStockNotificationStore>;

export function createStockNotificationStore(kv: Deno.Kv) {
  const notifications = keyedRecords(kv, notificationKey, stockNotificationSchema);
  const { get, parse } = notifications;

  return {
    get,

    /** Records a pending notification; a repeat returns the pending one, unchanged. */
    async subscribe(
      email: string,
      product: { id: string; name: string },
      lang: "en" | "fr" = "en",
    ): Promise<{ notification: StockNotification; created: boolean }> {
      const address = normalizeEmail(email);
      return await retryOnConflict<{ notification: StockNotification; created: boolean }>(
        async () => {
          const index = await kv.get<string>(pendingKey(product.id, address));
          if (index.value) {
            const existing = await get(index.value);
            if (existing) return done({ notification: existing, created: false });
          }
          const notification: StockNotification = {
            schemaVersion: 1,
            id: newId(),
            productId: product.id,
            productName: product.name,
            email: address,
            isNotified: false,
            notifiedAt: null,
            lang,
            createdAt: nowIso(),
          };
          const res = await kv.atomic().check(index)
            .set(notificationKey(notification.id), notification)
            .set(pendingKey(product.id, address), notification.id)
            .commit();
          return res.ok ? done({ notification, created: true }) : conflict;
        },
      );
    },

    list(): Promise<StockNotification[]> {
      return listValues(kv, ["stock_notification"], parse);
    },

    async pendingFor(productId: string): Promise<StockNotification[]> {
      const out: StockNotification[] = [];
      for await (
        const e of kv.list<string>({ prefix: ["stock_notification_pending", productId] })
      ) {
        const n = await get(e.value);
        if (n && !n.isNotified) out.push(n);
      }
      return out;
    },

    /**
     * Marks a pending notification notified, frees its slot and adds what `also` adds (its
     * mail), in one commit checked against the slot: of two racing senders exactly one wins.
     * False when it was no longer pending.
     */
    async notifyOnce(
      n: StockNotification,
      also: (op: Deno.AtomicOperation) => void,
    ): Promise<boolean> {
      const [slot, record] = await kv.getMany([
        pendingKey(n.productId, n.email),
        notificationKey(n.id),
      ]);
      if (slot.value !== n.id || !record.value || parse(record.value).isNotified) return false;
      const op = kv.atomic().check(slot, record)
        .set(notificationKey(n.id), {
          ...parse(record.value),
          isNotified: true,
          notifiedAt: nowIso(),
        })
        .delete(pendingKey(n.productId, n.email));
      also(op);
      return (await op.commit()).ok;
    },

    /** Marks one notification as sent and frees its pending slot, in one write. */
    async markNotified(
      id: string,
      op: Deno.AtomicOperation = kv.atomic(),
    ): Promise<StockNotification> {
      const n = await get(id);
      if (!n) throw notFound();
      const next = { ...n, isNotified: true, notifiedAt: nowIso() };
      await op.set(notificationKey(id), next).delete(pendingKey(n.productId, n.email)).commit();
      return next;
    },

    async remove(id: string, audit?: (n: StockNotification) => AuditDraft): Promise<void> {
      await notifications.change(id, notFound, async (n, op) => {
        op.delete(notificationKey(id));
        const index = await kv.get<string>(pendingKey(n.productId, n.email));
        if (index.value === id) op.check(index).delete(pendingKey(n.productId, n.email));
        if (audit) addAudit(op, audit(n));
      });
    },
  };
}
