import type { AuditActor } from "../domain/audit.ts";
import { DomainError, NotFoundError } from "../domain/errors.ts";
import { withdrawalMail } from "../domain/order-mails.ts";
import { type Order, orderLocale } from "../domain/order.ts";
import {
  sameWithdrawal,
  type Withdrawal,
  withdrawalRefusal,
  type WithdrawalRequest,
  withdrawnItems,
} from "../domain/withdrawal.ts";
import { formatDate } from "../i18n/format.ts";
import { mailWords } from "../i18n/mail-words.ts";
import { addAudit } from "../store/audit.ts";
import type { OrderStore } from "../store/orders.ts";
import type { OutboxStore } from "../store/outbox.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { OrderLinks } from "./order-links.ts";

export type Withdrawals = ReturnType<typeof createWithdrawals>;

/** The buyer, as the audit log names a write made from the order page. */
const BUYER: AuditActor = { id: "buyer", email: "buyer (order page)", role: "system" };

/** A request that repeats the recorded withdrawal: answered as it was, nothing written. */
class Repeated extends Error {
  constructor(readonly withdrawal: Withdrawal) {
    super("repeated withdrawal");
  }
}

/**
 * A consumer's withdrawal from the order page: recorded on the order with its audit entry and
 * the acknowledgement mail (a durable medium) in one commit. A repeated request answers the
 * withdrawal already recorded; staff refund through the order's refund action.
 */
export function createWithdrawals(deps: {
  orders: OrderStore;
  links: OrderLinks;
  outbox: OutboxStore;
  mailer: Mailer;
  site: { name: string; url: string };
  timeZone: string;
  /** Where the goods go back: the seller's address. */
  returnAddress: () => string;
}) {
  return {
    async withdraw(
      orderNumber: string,
      req: WithdrawalRequest,
      now = Date.now(),
    ): Promise<{ withdrawal: Withdrawal; repeated: boolean }> {
      // The token first: an unknown order and a wrong token take the same path and answer.
      const order = await deps.links.verify(orderNumber, req.t)
        ? await deps.orders.getByNumber(orderNumber)
        : null;
      if (!order) throw new NotFoundError("Order not found");
      const items = withdrawnItems(order, req);
      let subject = "";
      try {
        const updated = await deps.orders.update(
          order.id,
          (o) => {
            if (o.withdrawal) {
              if (sameWithdrawal(o.withdrawal.items, items)) throw new Repeated(o.withdrawal);
              throw new DomainError(
                409,
                "already_withdrawn",
                "A withdrawal from this order was already received",
              );
            }
            const refusal = withdrawalRefusal(o, now);
            if (refusal) throw new DomainError(409, "withdrawal_closed", refusal);
            return { ...o, withdrawal: { at: new Date(now).toISOString(), items } };
          },
          async (op, _before, after) => {
            const mail = await acknowledgement(after!);
            if (mail) {
              deps.outbox.add(op, mail);
              subject = mail.subject;
            }
            addAudit(op, {
              actor: BUYER,
              action: "order.withdrawal",
              entity: "order",
              entityId: after!.id,
              summary: `Withdrawal received: ${
                items.map((i) => `${i.quantity} × ${i.title}`).join(", ")
              }`,
              after: { withdrawal: after!.withdrawal },
            });
          },
        );
        if (subject) deps.mailer.wake([subject]);
        return { withdrawal: updated.withdrawal!, repeated: false };
      } catch (err) {
        if (err instanceof Repeated) return { withdrawal: err.withdrawal, repeated: true };
        throw err;
      }
    },
  };

  async function acknowledgement(order: Order) {
    if (!order.customer.email || !order.withdrawal) return null;
    const lang = orderLocale(order);
    return withdrawalMail(
      order,
      deps.site,
      await deps.links.url(order.orderNumber, lang),
      mailWords(lang),
      {
        day: formatDate(order.withdrawal.at, lang, deps.timeZone),
        items: order.withdrawal.items,
      },
      deps.returnAddress(),
    );
  }
}
