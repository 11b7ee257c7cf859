import type { BankAccount } from "../domain/bank-account.ts";
import { accountBalance } from "../domain/order-account.ts";
import { addDays } from "../domain/payment-terms.ts";
import { ConflictError } from "../domain/errors.ts";
import {
  amountDue,
  documentAmounts,
  type DocumentKind,
  formatDocumentNumber,
  type InvoiceDocument,
  nextDocument,
  parseInvoiceDocument,
  type Seller,
} from "../domain/invoice.ts";
import { resolveCountryCode } from "../domain/country-code.ts";
import {
  type ReportedDocument,
  reportedDocument,
  reportedDocumentSchema,
} from "../domain/e-reporting.ts";
import { documentParties } from "../domain/sale-document.ts";
import { type Order, orderTax } from "../domain/order.ts";
import type { ReturnedLine } from "../domain/order-correction-schema.ts";
import { countsForOss, OSS_THRESHOLD_CENTS, type OssState } from "../domain/tax.ts";
import { shopDay } from "../domain/shop-time.ts";
import { nowIso, readThrough } from "./atomic.ts";
import type { OrderWriteHook } from "./orders.ts";

const docKey = (number: string) => ["invoice", number] as const;
/** An order's documents, in the order issued. */
const byOrderKey = (orderId: string, number: string) => ["invoice_by_order", orderId, number];
/** Every document by issue time, for a period's list and export. */
const byTimeKey = (ms: number, number: string) => ["invoice_by_time", ms, number] as const;
/**
 * Every document's e-reporting record (domain/e-reporting.ts) by shop day of issue: a period's
 * report reads these small records in one range, not every document (docs/performance.md).
 */
const byDayKey = (day: string, number: string) => ["invoice_by_day", day, number] as const;
/** 1: the day index written for documents issued before it existed (`ensureDayIndex`). */
const DAY_INDEX_VERSION = 1;
const DAY_INDEX_VERSION_KEY = ["meta", "invoice_day_index_version"] as const;
/** One gapless sequence per kind and year: read, checked and moved in the document's commit. */
const counterKey = (kind: DocumentKind, year: string) => ["counter", kind, year] as const;
/**
 * A calendar year's EU cross-border sales to consumers, net, credit notes deducted, from the
 * documents issued that year (moved in each document's commit), and whether they passed the
 * OSS threshold (for good: the crossing sale was taxed at destination).
 */
const ossKey = (year: string) => ["oss_total", year] as const;
export interface OssYear {
  netCents: number;
  crossed: boolean;
}

/** A new document's writes: the document (its number free), by order, by time, by day. */
export function keepDocument(op: Deno.AtomicOperation, doc: InvoiceDocument) {
  op.check({ key: docKey(doc.number), versionstamp: null })
    .set(docKey(doc.number), doc)
    .set(byOrderKey(doc.orderId, doc.number), doc.number)
    .set(byTimeKey(Date.parse(doc.issuedAt), doc.number), doc.number)
    .set(byDayKey(doc.issueDate, doc.number), reportedDocument(doc));
}

export const ORDER_INVOICED_MESSAGE =
  "This order has an invoice and cannot be deleted: cancel it, or refund it (a credit note is issued)";

export type InvoiceStore = ReturnType<typeof createInvoiceStore>;

/**
 * Invoices and credit notes, issued by the order's own commit (an `OrderWriteHook`): an order
 * becoming paid gets its invoice, a refund or cancellation after it a credit note, in the same
 * atomic commit as the change, with the next number of the year's sequence (a checked counter:
 * racing payments on any instance get distinct, consecutive numbers, or retry).
 */
/**
 * What an order on account's invoice says of its payment: on terms, due the terms' days after
 * its day of issue (the day it ships); the reference; the account; what was paid already.
 */
function accountOfInvoice(order: Order, issueDate: string, bank: BankAccount | undefined) {
  const a = order.account!;
  return {
    terms: a.terms,
    termsDays: a.termsDays,
    dueDate: a.terms === "on_terms" ? a.dueDate ?? addDays(issueDate, a.termsDays) : null,
    reference: a.reference,
    iban: bank?.iban ?? "",
    bic: bank?.bic ?? "",
    paidCents: order.paymentStatus === "paid"
      ? order.totalCents
      : accountBalance(a, order.totalCents).paidCents,
  };
}

export function createInvoiceStore(
  kv: Deno.Kv,
  settings: {
    seller: () => Seller;
    /** The seller's electronic address (BT-34) for documents issued now. */
    sellerEndpoint: () => string;
    timeZone: string;
    /** VAT_OSS=on: destination rates always, the running total shown for information only. */
    ossRegistered: boolean;
    /** The seller's account an order on account's invoice names (SELLER_IBAN, SELLER_BIC). */
    bank?: () => BankAccount;
  },
) {
  const parse = (v: unknown) => parseInvoiceDocument(v, settings.timeZone);

  async function ofOrder(orderId: string): Promise<InvoiceDocument[]> {
    const numbers: string[] = [];
    for await (const e of kv.list<string>({ prefix: ["invoice_by_order", orderId] })) {
      numbers.push(e.value);
    }
    const docs: InvoiceDocument[] = [];
    for (const n of numbers) {
      const d = await kv.get(docKey(n));
      if (d.value) docs.push(parse(d.value));
    }
    return docs.sort((a, b) => a.issuedAt.localeCompare(b.issuedAt));
  }

  const covered = (docs: readonly InvoiceDocument[]) =>
    docs.reduce((n, d) => n + (d.kind === "invoice" ? d.totalCents : -d.totalCents), 0);

  /** The documents each commit issues, for its other writes (the buyer's mail names them). */
  const issued = new WeakMap<Deno.AtomicOperation, InvoiceDocument[]>();

  async function issue(
    op: Deno.AtomicOperation,
    kind: DocumentKind,
    order: Order,
    amountCents: number,
    invoice: InvoiceDocument | null,
    issuedAt: string,
    returned: { lines: readonly ReturnedLine[]; shipping: boolean } | null = null,
  ): Promise<InvoiceDocument> {
    const issueDate = shopDay(Date.parse(issuedAt), settings.timeZone);
    const year = issueDate.slice(0, 4);
    // Through `op`: a document issued after others in it takes the number after theirs.
    const [counter] = await readThrough<[number]>(kv, op, [counterKey(kind, year)]);
    const n = (counter.value ?? 0) + 1;
    // An order from before the tax decision: its day of sale is its shop day, not UTC's.
    const tax = invoice?.tax ?? (order.tax ? order.tax : {
      ...orderTax(order),
      taxPoint: shopDay(Date.parse(order.createdAt), settings.timeZone),
    });
    // Built here, typed, from a stored order and the seller's settings; its zod pass (checked to
    // give the same value in every invoice, credit note and tax test) was 1.4% of a launch's CPU.
    const doc: InvoiceDocument = {
      schemaVersion: 2,
      kind,
      number: formatDocumentNumber(kind, year, n),
      issuedAt,
      issueDate,
      orderId: order.id,
      orderNumber: order.orderNumber,
      refersTo: invoice?.number ?? null,
      refersToDate: invoice?.issueDate ?? null,
      seller: invoice?.seller ?? settings.seller(),
      sellerEndpoint: invoice?.sellerEndpoint ?? settings.sellerEndpoint(),
      // Goods' VAT is never on debits (SELLER_VAT_ON_DEBITS is refused): only a credit note of
      // an invoice issued when the setting was accepted repeats its mention.
      vatOnDebits: invoice?.vatOnDebits ?? false,
      ...documentParties(order),
      countryCode: invoice?.countryCode ?? resolveCountryCode(order.shippingCountry),
      ...documentAmounts(kind, order, amountCents, tax, invoice, returned),
      tax,
      mention: tax.mention,
      paymentMethod: order.paymentMethod,
      currency: order.currency,
      ...(kind === "invoice" && order.account
        ? { account: accountOfInvoice(order, issueDate, settings.bank?.()) }
        : {}),
    };
    if (countsForOss(tax)) await addToOssTotal(op, year, doc);
    keepDocument(op.check(counter).set(counterKey(kind, year), n), doc);
    issued.set(op, [...(issued.get(op) ?? []), doc]);
    return doc;
  }

  /** Moves the year's OSS total by the document's net (a credit note's down), checked. */
  async function addToOssTotal(op: Deno.AtomicOperation, year: string, doc: InvoiceDocument) {
    const [entry] = await readThrough<[OssYear]>(kv, op, [ossKey(year)]);
    const net = doc.vat.reduce((n, v) => n + v.netCents, 0) * (doc.kind === "invoice" ? 1 : -1);
    const netCents = (entry.value?.netCents ?? 0) + net;
    op.check(entry).set(ossKey(year), {
      netCents,
      crossed: (entry.value?.crossed ?? false) || netCents > OSS_THRESHOLD_CENTS,
    });
  }

  /** A calendar year's OSS total (zero when nothing counted yet). */
  async function ossYear(year: string): Promise<OssYear> {
    return (await kv.get<OssYear>(ossKey(year))).value ?? { netCents: 0, crossed: false };
  }

  /**
   * The seller's OSS state on a shop day, and the entries it was read from: a sale decided on
   * it checks them in its commit, so a sale that crossed the threshold meanwhile makes it
   * decide again. Read through `op` when the sale is staged in one (after other sales).
   */
  async function ossState(
    day: string,
    op?: Deno.AtomicOperation,
  ): Promise<{ state: OssState; entries: Deno.KvEntryMaybe<OssYear>[] }> {
    const year = day.slice(0, 4);
    const keys = [ossKey(year), ossKey(String(Number(year) - 1))] as const;
    const entries = op
      ? await readThrough<[OssYear, OssYear]>(kv, op, keys)
      : await kv.getMany<[OssYear, OssYear]>(keys);
    const [current, previous] = entries.map((e) => e.value);
    return {
      state: settings.ossRegistered ? { registered: true } : {
        registered: false,
        crossed: Boolean(current?.crossed || previous?.crossed),
        yearNetCents: current?.netCents ?? 0,
      },
      entries,
    };
  }

  const hook: OrderWriteHook = async (op, before, after) => {
    if (!before && !after) return;
    const orderId = (after ?? before)!.id;
    // Only a change of what is due, or a re-invoice, can call for a document: no read on other
    // writes.
    const dueBefore = before ? amountDue(before) : 0;
    const dueAfter = after ? amountDue(after) : 0;
    const revised = (after?.invoiceRevision ?? 0) > (before?.invoiceRevision ?? 0);
    if (after && dueBefore === dueAfter && !revised) return;
    // Every order commit checks the order itself, so two writes of one order never both
    // decide on its documents; the sequence counters order writes across orders.
    // A new order (its id made for this write) has no documents yet: nothing to list.
    const docs = before ? await ofOrder(orderId) : [];
    if (!after) {
      if (docs.length) throw new ConflictError(ORDER_INVOICED_MESSAGE);
      return;
    }
    const have = covered(docs);
    const invoice = docs.findLast((d) => d.kind === "invoice") ?? null;
    if (revised) {
      // A re-invoice: what the invoice still bills is credited as it was issued (its buyer, its
      // tax), and the order as it is now invoiced again, the two in this one commit.
      if (!invoice || have <= 0) throw new ConflictError("This order has no invoice to correct");
      const now = nowIso();
      await issue(op, "credit_note", before!, have, invoice, now);
      if (dueAfter > 0) await issue(op, "invoice", after, dueAfter, null, now);
      return;
    }
    // A paid order gets its invoice when it becomes paid; an order paid before invoices
    // existed gets none later (its number would not be of its sale's date).
    if (have === 0 && dueBefore > 0) return;
    const next = nextDocument(dueAfter, have, after.totalCents);
    if (!next) return;
    await issue(
      op,
      next.kind,
      after,
      next.amountCents,
      invoice,
      nowIso(),
      returnedBy(before, after),
    );
  };

  /** The returned lines of the correction this change adds, if it credits them. */
  function returnedBy(before: Order | null, after: Order) {
    const added = after.corrections?.length ?? 0;
    if (added <= (before?.corrections?.length ?? 0)) return null;
    const c = after.corrections![added - 1];
    if (!c.lines && !c.shipping) return null;
    return { lines: c.lines ?? [], shipping: c.shipping ?? false };
  }

  return {
    hook,
    ofOrder,
    /**
     * The documents issued so far in `op`: by the order write it belongs to, or by the orders
     * staged together in it (store/order-steps.ts; each has its `orderId`).
     */
    issuedIn: (op: Deno.AtomicOperation): readonly InvoiceDocument[] => issued.get(op) ?? [],
    ossState,
    ossYear,

    async get(number: string): Promise<InvoiceDocument | null> {
      const d = await kv.get(docKey(number));
      return d.value ? parse(d.value) : null;
    },

    /**
     * The e-reporting records of the documents issued on the shop days [fromDay, toDay), by day
     * then number, read a page at a time from the day index.
     */
    async *reportedBetween(fromDay: string, toDay: string): AsyncGenerator<ReportedDocument> {
      const iter = kv.list({
        start: ["invoice_by_day", fromDay],
        end: ["invoice_by_day", toDay],
      }, { batchSize: 1000 });
      for await (const e of iter) yield reportedDocumentSchema.parse(e.value);
    },

    /**
     * Writes the day index of documents issued before it existed; runs once per version. Each
     * record follows from its document, which never changes once issued: writing it again is
     * harmless, so the batches need no checks.
     */
    async ensureDayIndex(): Promise<number> {
      const marker = await kv.get<number>(DAY_INDEX_VERSION_KEY);
      if ((marker.value ?? 0) >= DAY_INDEX_VERSION) return 0;
      let n = 0;
      let op = kv.atomic();
      for await (const e of kv.list({ prefix: ["invoice"] })) {
        const doc = parse(e.value);
        op.set(byDayKey(doc.issueDate, doc.number), reportedDocument(doc));
        if (++n % 200 === 0) {
          await op.commit();
          op = kv.atomic();
        }
      }
      await op.commit();
      await kv.set(DAY_INDEX_VERSION_KEY, DAY_INDEX_VERSION);
      return n;
    },

    /** Documents issued in [from, to), oldest first, streamed a batch at a time. */
    async *between(from: number, to: number): AsyncGenerator<InvoiceDocument> {
      const iter = kv.list<string>({
        start: ["invoice_by_time", from],
        end: ["invoice_by_time", to],
      }, { batchSize: 200 });
      for await (const e of iter) {
        const d = await kv.get(docKey(e.value));
        if (d.value) yield parse(d.value);
      }
    },
  };
}
