import { DomainError } from "./errors.ts";
import { toCents } from "./money.ts";
import type { Order, OrderLine } from "./order.ts";
import type { Correction, ReturnedLine } from "./order-correction-schema.ts";
import { chargedPrice, netOf, type TaxDecision } from "./tax.ts";

/**
 * Corrections of a sale after its invoice: refunds of an amount or of returned lines, credit
 * notes without money, re-invoices. Money and documents are kept apart: `refund` on the order is
 * the money given back, `creditedCents` of its corrections what credit notes took off its
 * invoice; a refund settles first what was credited without money (the buyer's balance).
 */

type Corrected = Pick<
  Order,
  "refund" | "corrections" | "chargedCents" | "totalCents" | "items" | "shippingFeeCents"
>;

/** The order's corrections; an order refunded before they were kept has its refund as one. */
export function correctionsOf(o: Pick<Order, "refund" | "corrections">): Correction[] {
  if (o.corrections) return o.corrections;
  if (!o.refund) return [];
  return [{
    id: o.refund.id,
    at: o.refund.at,
    kind: "refund",
    amountCents: o.refund.amountCents,
    creditedCents: o.refund.amountCents,
    refundId: o.refund.id,
  }];
}

export const refundedCents = (o: Pick<Order, "refund">) => o.refund?.amountCents ?? 0;

/** What the buyer paid: the order's total, or its total before a re-invoice changed it. */
export const chargedCents = (o: Pick<Order, "chargedCents" | "totalCents">) =>
  o.chargedCents ?? o.totalCents;

/** What credit notes took off the order's invoice. */
export const creditedCents = (o: Pick<Order, "refund" | "corrections">) =>
  correctionsOf(o).reduce((n, c) => n + c.creditedCents, 0);

/** Money that can still go back to the buyer: what they paid less what was refunded. */
export const refundableCents = (o: Pick<Order, "refund" | "chargedCents" | "totalCents">) =>
  Math.max(0, chargedCents(o) - refundedCents(o));

/** What the invoice still bills after credit notes (a credit note cannot take off more). */
export const invoicedCents = (o: Pick<Order, "refund" | "corrections" | "totalCents">) =>
  Math.max(0, o.totalCents - creditedCents(o));

/**
 * Money owed to the buyer whose credit note exists already (a price correction, a re-invoice to
 * a lower total): a refund settles it without a second credit note.
 */
export const balanceCents = (o: Corrected) => Math.max(0, refundableCents(o) - invoicedCents(o));

/** The payment status once `refunded` cents in all went back. */
export const refundStatus = (o: Pick<Order, "chargedCents" | "totalCents">, refunded: number) =>
  refunded >= chargedCents(o) ? "refunded" as const : "partially_refunded" as const;

/** Units of each line given back so far (returned lines of refunds), by line index. */
export function returnedUnits(o: Pick<Order, "refund" | "corrections" | "items">): number[] {
  const units = o.items.map(() => 0);
  for (const c of correctionsOf(o)) {
    for (const l of c.lines ?? []) units[l.index] = (units[l.index] ?? 0) + l.quantity;
  }
  return units;
}

/** Units of each line put back in the stock by refunds of returned lines. */
function restockedUnits(o: Pick<Order, "refund" | "corrections" | "items">): number[] {
  const units = o.items.map(() => 0);
  for (const c of correctionsOf(o)) {
    if (!c.restocked) continue;
    for (const l of c.lines ?? []) units[l.index] = (units[l.index] ?? 0) + l.quantity;
  }
  return units;
}

/**
 * The order's units still out of the stock on its account: its lines less what returns put
 * back, so a cancellation or deletion never gives a returned unit back twice.
 */
export function unitsOut<L extends Pick<OrderLine, "quantity">>(
  o: Pick<Order, "refund" | "corrections"> & { items: readonly L[] },
): L[] {
  const back = restockedUnits(o as Pick<Order, "refund" | "corrections" | "items">);
  return o.items
    .map((l, i) => ({ ...l, quantity: l.quantity - (back[i] ?? 0) }))
    .filter((l) => l.quantity > 0);
}

/** Whether a shipping refund was made already. */
const shippingRefunded = (o: Pick<Order, "refund" | "corrections">) =>
  correctionsOf(o).some((c) => c.shipping);

const problem = (field: string, message: string) =>
  new DomainError(422, "invalid_correction", message, [{ field, message }]);

/** A choice of returned lines, merged by line (the same line twice adds up). */
function mergedLines(lines: readonly ReturnedLine[]): ReturnedLine[] {
  const by = new Map<number, number>();
  for (const l of lines) by.set(l.index, (by.get(l.index) ?? 0) + l.quantity);
  return [...by].sort((a, b) => a[0] - b[0]).map(([index, quantity]) => ({ index, quantity }));
}

/**
 * The gross of returned lines (and the shipping), at the prices charged; 422 naming the field
 * when a line is unknown, returned already, or the shipping was refunded before.
 */
export function returnCents(
  o: Corrected,
  lines: readonly ReturnedLine[],
  shipping: boolean,
): { amountCents: number; lines: ReturnedLine[] } {
  const merged = mergedLines(lines);
  const returned = returnedUnits(o);
  let amountCents = 0;
  merged.forEach((l, n) => {
    const item = o.items[l.index];
    if (!item) throw problem(`lines.${n}.index`, "This order has no such line");
    const left = item.quantity - (returned[l.index] ?? 0);
    if (l.quantity > left) {
      throw problem(
        `lines.${n}.quantity`,
        `Only ${left} of ${item.title} can still be refunded`,
      );
    }
    amountCents += item.priceCents * l.quantity;
  });
  if (shipping) {
    if (o.shippingFeeCents === 0) throw problem("shipping", "This order has no shipping fee");
    if (shippingRefunded(o)) throw problem("shipping", "The shipping was refunded already");
    amountCents += o.shippingFeeCents;
  }
  return { amountCents, lines: merged };
}

/** What a refund request gives back, checked against the order (422 naming the field). */
export function plannedRefund(
  o: Corrected,
  body: { amount?: number; lines?: ReturnedLine[]; shipping?: boolean },
): { amountCents: number; lines?: ReturnedLine[]; shipping?: boolean } {
  const left = refundableCents(o);
  const planned = body.lines || body.shipping
    ? { ...returnCents(o, body.lines ?? [], body.shipping ?? false), shipping: body.shipping }
    : { amountCents: body.amount === undefined ? left : toCents(body.amount) };
  if (planned.amountCents > left) {
    throw problem(
      body.amount === undefined && (body.lines || body.shipping) ? "lines" : "amount",
      `At most ${(left / 100).toFixed(2)} can still be refunded`,
    );
  }
  return planned;
}

/** The shelf price a charged unit price came from (exact for a gross one; for a net one, the
 * smallest gross whose net it is). */
function shelfOf(chargedCents: number, d: Pick<TaxDecision, "basis" | "shelfRateBp">): number {
  if (d.basis === "gross") return chargedCents;
  const guess = Math.round(chargedCents * (10_000 + d.shelfRateBp) / 10_000);
  for (const s of [guess - 1, guess, guess + 1]) {
    if (netOf(s, d.shelfRateBp) === chargedCents) return s;
  }
  return guess;
}

/** A sale's amounts charged again under a new tax decision (from the same shelf prices). */
export function rechargedSale(
  o: Pick<Order, "items" | "shippingFeeCents">,
  from: Pick<TaxDecision, "basis" | "shelfRateBp">,
  to: Pick<TaxDecision, "basis" | "shelfRateBp">,
) {
  const again = (cents: number) => chargedPrice(shelfOf(cents, from), to);
  const items = o.items.map((l) => ({ ...l, priceCents: again(l.priceCents) }));
  const subtotalCents = items.reduce((n, l) => n + l.priceCents * l.quantity, 0);
  const shippingFeeCents = again(o.shippingFeeCents);
  return { items, subtotalCents, shippingFeeCents, totalCents: subtotalCents + shippingFeeCents };
}
