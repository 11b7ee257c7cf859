import { type AuditActor, type AuditDraft, auditFields } from "../domain/audit.ts";
import type { Order } from "../domain/order.ts";
import { addAudit } from "../store/audit.ts";
import type { OrderCommitExtra } from "../store/orders.ts";

/** The order fields an audit entry shows before and after a change. */
const SHOWN = [
  "status",
  "paymentStatus",
  "createdAt",
  "stockHeld",
  "shipment",
  "needsRefund",
  "refund",
] as const;

/** The audit entry of an order change, added to the order's own commit. */
export function orderAudit(
  actor: AuditActor,
  action: string,
  summary: (o: Order) => string,
): OrderCommitExtra {
  return (op, before, after) => {
    const subject = (after ?? before)!;
    const draft: AuditDraft = {
      actor,
      action,
      entity: "order",
      entityId: subject.id,
      summary: summary(subject),
      before: auditFields(before, SHOWN),
      after: auditFields(after, SHOWN),
    };
    addAudit(op, draft);
  };
}

/** Several extra writes of one order commit, in turn. */
export const allOf = (...extras: OrderCommitExtra[]): OrderCommitExtra => async (op, b, a) => {
  for (const extra of extras) await extra(op, b, a);
};
