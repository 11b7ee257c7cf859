import { assert, assertEquals, assertThrows } from "../_lib/assert.ts";
import {
  findRfReference,
  formatRfReference,
  isRfReference,
  rfReference,
} from "../../src/domain/rf-reference.ts";
import { accountBalance, orderReference } from "../../src/domain/order-account.ts";
import { daysSetting, dueDate, paymentTermsSchema } from "../../src/domain/payment-terms.ts";
import {
  answerRefusal,
  applyQuoteTerms,
  formatQuoteNumber,
  quoteStatus,
  type SalesQuote,
  staffQuoteBodySchema,
} from "../../src/domain/sales-quote.ts";
import type { PricedCheckout } from "../../src/domain/checkout.ts";
import { formatIban, isBic, isIban } from "../../src/domain/bank-account.ts";
import { loadConfig } from "../../src/services/config.ts";
import { transferProblem } from "../../src/services/invoicing.ts";

Deno.test("RF references: the published examples' check digits, computed and checked", () => {
  // ISO 11649's example and the EPC's and banks' published ones.
  assertEquals(rfReference("539007547034"), "RF18539007547034");
  assertEquals(rfReference("2348231"), "RF712348231");
  assertEquals(rfReference("G72UUR"), "RF45G72UUR");
  assert(isRfReference("RF18 5390 0754 7034"));
  assert(isRfReference("rf45g72uur"));
  assert(!isRfReference("RF18 5390 0754 7035"), "one digit mistyped");
  assert(!isRfReference("RF81 5390 0754 7034"), "check digits swapped");
  assert(!isRfReference("RF18"), "no body");
  assert(!isRfReference("RF0412345678901234567890123"), "body longer than 21");
  assertEquals(formatRfReference("RF18539007547034"), "RF18 5390 0754 7034");
  assertThrows(() => rfReference("1234567890123456789012"));
  assertThrows(() => rfReference("--"));
});

Deno.test("RF references: an order's is its number's, and is found in a transfer's free text", () => {
  const ref = orderReference("ORD-000042");
  assertEquals(ref, "RF54ORD000042");
  assert(isRfReference(ref));
  assertEquals(findRfReference(`Paiement facture rf54 ORD0 0004 2 merci`), "RF54ORD000042");
  assertEquals(findRfReference("Invoice F2026-000001, ORD-000042"), null);
});

Deno.test("Payment terms: N days after the invoice, at most 60, 30 by default", () => {
  assertEquals(dueDate("2026-11-27", 30), "2026-12-27");
  assertEquals(dueDate("2026-12-31", 60), "2027-03-01");
  assertEquals(dueDate("2028-01-30", 30), "2028-02-29");
  assertThrows(() => dueDate("2026-11-27", 61));
  assertEquals(paymentTermsSchema.safeParse({ kind: "on_terms", days: 61 }).success, false);
  assertEquals(paymentTermsSchema.safeParse({ kind: "on_terms", days: 45 }).success, true);
  assertEquals(daysSetting("PAYMENT_TERMS_DAYS", undefined, 30, 0, 60), 30);
  assertEquals(daysSetting("PAYMENT_TERMS_DAYS", "45", 30, 0, 60), 45);
  assertThrows(() => daysSetting("PAYMENT_TERMS_DAYS", "90", 30, 0, 60), Error, "0 to 60");
  assertThrows(() => daysSetting("PAYMENT_TERMS_DAYS", "thirty", 30, 0, 60));
});

Deno.test("An order on account is unpaid, partially paid, paid or overpaid by its payments", () => {
  const pay = (amountCents: number, id = crypto.randomUUID()) => ({
    id,
    at: "2026-11-27T10:00:00Z",
    valueDate: "2026-11-27",
    amountCents,
    source: "bank" as const,
  });
  assertEquals(accountBalance({ payments: [] }, 12000).state, "unpaid");
  assertEquals(accountBalance({ payments: [pay(5000)] }, 12000), {
    paidCents: 5000,
    dueCents: 7000,
    state: "partially_paid",
  });
  assertEquals(accountBalance({ payments: [pay(5000), pay(7000)] }, 12000).state, "paid");
  assertEquals(accountBalance({ payments: [pay(13000)] }, 12000).state, "overpaid");
});

Deno.test("Quotes: their series, their expiry, and who may answer them", () => {
  assertEquals(formatQuoteNumber("2026", 1), "D2026-000001");
  const q = { status: "sent", validUntil: "2026-12-27" } as SalesQuote;
  assertEquals(quoteStatus(q, "2026-12-27"), "sent");
  assertEquals(quoteStatus(q, "2026-12-28"), "expired");
  assertEquals(answerRefusal(q, "2026-12-27"), null);
  assert(answerRefusal(q, "2026-12-28")!.includes("expired"));
  assert(answerRefusal({ ...q, status: "cancelled" }, "2026-12-01")!.includes("cancelled"));
  assert(answerRefusal({ ...q, status: "accepted" }, "2026-12-01"));
  assert(answerRefusal({ ...q, status: "draft" }, "2026-12-01"));
  const body = staffQuoteBodySchema.safeParse({
    items: [{ id: "p", quantity: 1, discountPercent: 12.555 }],
  });
  assert(!body.success);
});

Deno.test("Quotes: discounts and staff's shipping fee change the shelf prices before the tax", () => {
  const shelf: PricedCheckout = {
    lines: [
      { id: "a", title: "A", priceCents: 12000, shelfCents: 12000, quantity: 3, image: "" },
      { id: "b", title: "B", priceCents: 999, shelfCents: 999, quantity: 1, image: "" },
    ],
    subtotalCents: 36999,
    shippingFeeCents: 1500,
    totalCents: 38499,
    shippingCountry: "France",
    shippingFeeDetails: { country: "France", feeCents: 1500, currency: "EUR" },
  };
  const adjusted = applyQuoteTerms(shelf, new Map([["a", 1250]]), 0);
  assertEquals(adjusted.lines.map((l) => l.shelfCents), [10500, 999]);
  assertEquals(adjusted.subtotalCents, 32499);
  assertEquals(adjusted.shippingFeeDetails.feeCents, 0);
  assertEquals(adjusted.totalCents, 32499);
  assertEquals(applyQuoteTerms(shelf, new Map()).totalCents, 38499);
});

Deno.test("The seller's bank account: IBAN and BIC checked at start, both or neither in production", () => {
  assert(isIban("FR76 3000 6000 0112 3456 7890 189"));
  assert(!isIban("FR76 3000 6000 0112 3456 7890 188"), "one digit mistyped");
  assert(isBic("AGRIFRPP882") && isBic("BNPAFRPP"));
  assert(!isBic("BNPA-FR"));
  assertEquals(formatIban("fr7630006000011234567890189"), "FR76 3000 6000 0112 3456 7890 189");
  const config = loadConfig({
    SELLER_IBAN: "fr76 3000 6000 0112 3456 7890 189",
    SELLER_BIC: "agrifrpp882",
  });
  assertEquals(config.transfers, {
    iban: "FR7630006000011234567890189",
    bic: "AGRIFRPP882",
    quoteValidityDays: 30,
    termsDays: 30,
    reminderDays: [1, 15],
  });
  assertEquals(loadConfig({ REMINDER_DAYS: "2, 10, 30" }).transfers.reminderDays, [2, 10, 30]);
  assertThrows(() => loadConfig({ REMINDER_DAYS: "15,1" }), Error, "REMINDER_DAYS");
  assertThrows(
    () => loadConfig({ SELLER_IBAN: "FR7630006000011234567890188" }),
    Error,
    "SELLER_IBAN",
  );
  assertThrows(() => loadConfig({ PAYMENT_TERMS_DAYS: "61" }), Error, "PAYMENT_TERMS_DAYS");
  const production = { ...config, shopEnv: "production" as const };
  assertEquals(transferProblem(production), null);
  assert(transferProblem({ ...production, transfers: { ...config.transfers, bic: undefined } }));
  assertEquals(
    transferProblem({ ...config, transfers: { ...config.transfers, bic: undefined } }),
    null,
  );
});
