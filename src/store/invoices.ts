import { ConflictError } from "../domain/errors.ts";
import {
  amountDue,
  documentAmounts,
  type DocumentKind,
  formatDocumentNumber,
  type InvoiceDocument,
  invoiceDocumentSchema,
  nextDocument,
  type Seller,
  vatRuleFor,
  type VatTable,
} from "../domain/invoice.ts";
import { resolveCountryCode } from "../domain/countries.ts";
import type { Order } from "../domain/order.ts";
import { shopDay } from "../domain/shop-time.ts";
import { nowIso } from "./atomic.ts";
import type { OrderWriteHook } from "./orders.ts";

const docKey = (number: string) => ["invoice", number] as const;
/** An order's documents, in the order issued. */
const byOrderKey = (orderId: string, number: string) => ["invoice_by_order", orderId, number];
/** Every document by issue time, for a period's list and export. */
const byTimeKey = (ms: number, number: string) => ["invoice_by_time", ms, number] as const;
/** One gapless sequence per kind and year: read, checked and moved in the document's commit. */
const counterKey = (kind: DocumentKind, year: string) => ["counter", kind, year] as const;

export const ORDER_INVOICED_MESSAGE =
  "This order has an invoice and cannot be deleted: cancel it, or refund it (a credit note is issued)";

export type InvoiceStore = ReturnType<typeof createInvoiceStore>;

/**
 * Invoices and credit notes, issued by the order's own commit (an `OrderWriteHook`): an order
 * becoming paid gets its invoice, a refund or cancellation after it a credit note, in the same
 * atomic commit as the change, with the next number of the year's sequence (a checked counter:
 * racing payments on any instance get distinct, consecutive numbers, or retry).
 */
export function createInvoiceStore(
  kv: Deno.Kv,
  settings: { seller: () => Seller; vat: VatTable; timeZone: string },
) {
  /** A stored document; one issued before `issueDate` was kept gets its shop day of issue. */
  const parse = (v: unknown) => {
    const d = v as { issueDate?: string; issuedAt?: string };
    return invoiceDocumentSchema.parse(
      d && !d.issueDate && typeof d.issuedAt === "string"
        ? { ...d, issueDate: shopDay(Date.parse(d.issuedAt), settings.timeZone) }
        : v,
    );
  };

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

  async function issue(
    op: Deno.AtomicOperation,
    kind: DocumentKind,
    order: Order,
    amountCents: number,
    invoice: InvoiceDocument | null,
    issuedAt: string,
  ): Promise<InvoiceDocument> {
    const issueDate = shopDay(Date.parse(issuedAt), settings.timeZone);
    const year = issueDate.slice(0, 4);
    const counter = await kv.get<number>(counterKey(kind, year));
    const n = (counter.value ?? 0) + 1;
    const countryCode = invoice?.countryCode ?? resolveCountryCode(order.shippingCountry);
    const rule = vatRuleFor(countryCode, settings.vat);
    const rateBp = invoice?.vat[0]?.rateBp ?? rule.rateBp;
    const doc = invoiceDocumentSchema.parse({
      schemaVersion: 1,
      kind,
      number: formatDocumentNumber(kind, year, n),
      issuedAt,
      issueDate,
      orderId: order.id,
      orderNumber: order.orderNumber,
      refersTo: invoice?.number ?? null,
      seller: invoice?.seller ?? settings.seller(),
      buyer: {
        name: `${order.customer.firstName} ${order.customer.lastName}`.trim(),
        email: order.customer.email,
        phone: order.customer.phone,
      },
      address: { ...order.shippingAddress, country: order.shippingCountry },
      countryCode,
      ...documentAmounts(kind, order, amountCents, rateBp),
      mention: invoice ? invoice.mention : rule.mention,
      paymentMethod: order.paymentMethod,
      currency: order.currency,
    });
    op.check(counter).set(counterKey(kind, year), n)
      .check({ key: docKey(doc.number), versionstamp: null })
      .set(docKey(doc.number), doc)
      .set(byOrderKey(order.id, doc.number), doc.number)
      .set(byTimeKey(Date.parse(issuedAt), doc.number), doc.number);
    return doc;
  }

  const hook: OrderWriteHook = async (op, before, after) => {
    if (!before && !after) return;
    const orderId = (after ?? before)!.id;
    // Only a change of what is due can call for a document: no read on other writes.
    const dueBefore = before ? amountDue(before) : 0;
    const dueAfter = after ? amountDue(after) : 0;
    if (after && dueBefore === dueAfter) return;
    // Every order commit checks the order itself, so two writes of one order never both
    // decide on its documents; the sequence counters order writes across orders.
    const docs = await ofOrder(orderId);
    if (!after) {
      if (docs.length) throw new ConflictError(ORDER_INVOICED_MESSAGE);
      return;
    }
    const have = covered(docs);
    // A paid order gets its invoice when it becomes paid; an order paid before invoices
    // existed gets none later (its number would not be of its sale's date).
    if (have === 0 && dueBefore > 0) return;
    const next = nextDocument(dueAfter, have, after.totalCents);
    if (!next) return;
    const invoice = docs.findLast((d) => d.kind === "invoice") ?? null;
    await issue(op, next.kind, after, next.amountCents, invoice, nowIso());
  };

  return {
    hook,
    ofOrder,

    async get(number: string): Promise<InvoiceDocument | null> {
      const d = await kv.get(docKey(number));
      return d.value ? parse(d.value) : null;
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
