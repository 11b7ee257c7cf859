import { hasProForma } from "./document-links.ts";
import { fromCents } from "./money.ts";
import { holdsStock, type Order, orderLocale, orderTax, toPublicOrder } from "./order.ts";
import { accountBalance } from "./order-account.ts";
import { formatRfReference } from "./rf-reference.ts";
import { balanceCents, invoicedCents, refundableCents, returnedUnits } from "./order-correction.ts";

/** What staff see of an order: the public shape plus its internal fields. */
export function toAdminOrder(o: Order) {
  return {
    ...toPublicOrder(o),
    paymentIntentId: o.paymentIntentId ?? null,
    stockHeld: holdsStock(o),
    shipment: o.shipment ?? null,
    refund: o.refund
      ? { at: o.refund.at, amount: fromCents(o.refund.amountCents), id: o.refund.id }
      : null,
    notes: o.notes ?? [],
    /** What corrections may still do: money to give back, invoice to credit, units to return. */
    corrections: {
      refundable: fromCents(refundableCents(o)),
      invoiced: fromCents(invoicedCents(o)),
      balance: fromCents(balanceCents(o)),
      returned: returnedUnits(o),
    },
    /** VIES's answer about the buyer's VAT number: its consultation number is the proof. */
    vies: orderTax(o).vies,
    locale: orderLocale(o),
    termsVersion: o.termsVersion ?? null,
    withdrawal: o.withdrawal ?? null,
    /** Paid by transfer before shipping: its pro-forma (`GET /api/orders/{id}/pro-forma`). */
    proForma: hasProForma(o) && o.status !== "cancelled",
    /** Paid by bank transfer (an accepted quote, Stripe's transfer): its terms and what is due. */
    account: o.account
      ? {
        terms: o.account.terms,
        termsDays: o.account.termsDays,
        reference: o.account.stripeTransfer?.reference ?? formatRfReference(o.account.reference),
        dueDate: o.account.dueDate ?? null,
        due: fromCents(accountBalance(o.account, o.totalCents).dueCents),
      }
      : null,
    updatedAt: o.updatedAt,
  };
}
export type AdminOrder = ReturnType<typeof toAdminOrder>;
