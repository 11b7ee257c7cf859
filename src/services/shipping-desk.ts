import { type AuditActor, describeWrite } from "../domain/audit.ts";
import {
  type ShippingFee,
  type ShippingFeeInput,
  toPublicShippingFee,
} from "../domain/shipping-fee.ts";
import type { ShippingFeeStore } from "../store/shipping-fees.ts";

const SHOWN = ["country", "feeCents", "currency", "isActive"];

/** Shipping Fees Management: one fee per country, every write audited in its commit. */
export function createShippingDesk(fees: ShippingFeeStore) {
  const audit = (actor: AuditActor, action: string) =>
    describeWrite<ShippingFee>(actor, "shipping_fee", action, SHOWN, (f) => `fee for ${f.country}`);
  return {
    async create(actor: AuditActor, input: ShippingFeeInput) {
      return toPublicShippingFee(await fees.create(input, audit(actor, "create")));
    },
    async update(actor: AuditActor, id: string, input: Partial<ShippingFeeInput>) {
      return toPublicShippingFee(await fees.update(id, input, audit(actor, "update")));
    },
    async remove(actor: AuditActor, id: string) {
      await fees.remove(id, audit(actor, "delete"));
    },
  };
}
export type ShippingDesk = ReturnType<typeof createShippingDesk>;
