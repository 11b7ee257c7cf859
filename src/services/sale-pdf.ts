import { type BankAccount, formatIban } from "../domain/bank-account.ts";
import { type EInvoice, exactLines, toEInvoice } from "../domain/en16931.ts";
import type { InvoiceDocument, Seller } from "../domain/invoice.ts";
import { accountBalance } from "../domain/order-account.ts";
import { type Order, orderLocale } from "../domain/order.ts";
import { formatRfReference } from "../domain/rf-reference.ts";
import { type DocumentSale, draftDocument } from "../domain/sale-document.ts";
import type { SalesQuote } from "../domain/sales-quote.ts";
import { shopDay } from "../domain/shop-time.ts";
import { vatGroup } from "../domain/tax.ts";
import { vatStatement } from "../domain/vat-statement.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { fill } from "../i18n/fill.ts";
import { formatDate, formatMoney } from "../i18n/format.ts";
import type { Lang } from "../i18n/locales.ts";
import { formatRate, taxWords } from "../i18n/tax-words.ts";
import { type DocumentPage, type DocumentWords, drawDocument } from "./document-pdf.ts";
import { publicBodyLines } from "./invoice-pdf.ts";
import { finishPdfA3 } from "./pdf-a3.ts";

/**
 * The quote (devis) and the pro-forma as PDFs in the buyer's language: the invoice's page
 * (document-pdf.ts) drawing the invoice's own model of the sale (sale-document.ts), so their
 * lines, nets and VAT are what the quote page shows and the invoice will say. Both are PDF/A-3b
 * without XML: neither is an invoice (docs/money-and-law.md, the pro-forma's assumption). Made on
 * demand, never stored; the same document gives the same bytes.
 */

export interface SalePdfSettings {
  shopName: string;
  seller: Seller;
  /** The seller's account a transfer goes to (SELLER_IBAN, SELLER_BIC). */
  bank: BankAccount;
  timeZone: string;
}

/** The page's words in `lang`, from the catalogue's `documents` section. */
function wordsIn(lang: Lang, discounted: boolean): DocumentWords {
  const d = messagesFor(lang).documents;
  return {
    countries: lang,
    money: (cents) => formatMoney(cents, lang),
    rate: (bp) => formatRate(bp, lang),
    siren: d.siren,
    vat: d.vat,
    taxId: d.taxId,
    serviceCode: d.serviceCode,
    engagement: d.engagement,
    seller: d.seller,
    buyer: d.buyer,
    delivery: d.delivery,
    columns: {
      description: [d.columns.description, ""],
      qty: [d.columns.qty, ""],
      discount: [d.columns.discount, ""],
      unit: [d.columns.unit, discounted ? d.under.unitDiscounted : d.under.unit],
      rate: [d.columns.rate, ""],
      net: [d.columns.net, d.under.net],
    },
    netTotal: d.netTotal,
    vatRow: (rate, exempt, amount) => fill(exempt ? d.vatRowExempt : d.vatRow, { rate, amount }),
    shareCapital: d.shareCapital,
    pageOf: (n, page, pages) => fill(d.pageOf, { n, page, pages }),
  };
}

/** A day as the quote page prints it: "27 November 2026" / "27 novembre 2026". */
const dayIn = (lang: Lang) => (day: string) => formatDate(`${day}T12:00:00Z`, lang, "UTC");

/** The model's shipping line, named in the document's language. */
function localShipping(inv: EInvoice, doc: InvoiceDocument, name: string): EInvoice {
  if (doc.shippingCents <= 0) return inv;
  const lines = inv.lines.map((l, i) => (i === inv.lines.length - 1 ? { ...l, name } : l));
  return { ...inv, lines };
}

/** The VAT's statement under the totals: why none is due and the law's mention, when exempt. */
function vatMentions(sale: DocumentSale, lang: Lang): string[] {
  const m = messagesFor(lang);
  const vat = vatStatement(
    sale.tax,
    vatGroup(sale.totalCents, sale.tax).vatCents,
    taxWords(m.tax, lang),
  );
  return vat.exempt ? [vat.note, vat.mention ?? ""].filter(Boolean) : [];
}

async function finish(
  inv: EInvoice,
  page: DocumentPage,
  lang: Lang,
  settings: SalePdfSettings,
  meta: { kind: string; date: string; identity: string },
) {
  const words = wordsIn(lang, Boolean(page.discounts?.some((d) => d > 0)));
  const pdf = await drawDocument(inv, page, words, settings.seller, settings.shopName);
  const title = `${page.title} ${inv.number}`;
  return await finishPdfA3(
    pdf,
    {
      title,
      author: settings.seller.legalName,
      subject: `${title}, ${inv.buyer.name}`,
      keywords: [meta.kind, inv.number],
      creator: settings.shopName,
      date: new Date(meta.date),
      lang: lang === "fr" ? "fr-FR" : "en-GB",
    },
    null,
    `${settings.seller.siren}/${meta.identity}`,
  );
}

/** What a quote states of its sale: its lines as charged, shipping, tax, its buyer. */
function quoteSale(q: SalesQuote): DocumentSale {
  return {
    ...q,
    items: q.lines,
    paymentMethod: "transfer",
    currency: "EUR",
  };
}

/**
 * A quote as a PDF in its buyer's language ("Devis" / "Quote"): number, date, validity, seller
 * and buyer, lines with net unit prices and each line's discount, VAT by the quote's tax
 * decision, shipping, totals, payment terms, the seller's IBAN and BIC, staff's note and the
 * payment mentions of art. L441-9 C. com.
 */
export async function renderQuotePdf(q: SalesQuote, settings: SalePdfSettings) {
  const lang = q.locale;
  const d = messagesFor(lang).documents;
  const day = dayIn(lang);
  const at = q.sentAt ?? q.createdAt;
  const sale = quoteSale(q);
  const doc = draftDocument(sale, {
    number: q.number,
    orderNumber: q.number,
    day: shopDay(Date.parse(at), settings.timeZone),
    at,
  }, settings.seller);
  const inv = localShipping(toEInvoice(doc), doc, d.shipping);
  // Each line of the model (a line whose net does not divide by its quantity is two) with
  // its quote line's discount; shipping has none.
  const discounts = doc.lines.flatMap((l, i) =>
    exactLines({
      name: l.title,
      quantity: l.quantity,
      netUnitCents: l.unitNetCents,
      netCents: l.netCents,
      grossCents: l.totalCents,
      category: l.category,
      rateBp: l.rateBp,
    }).map(() => q.lines[i].discountBp)
  );
  const po = q.acceptance?.purchaseOrder ?? q.business.purchaseOrder;
  const terms = fill(messagesFor(lang).quotes.terms[q.terms.kind], { days: q.terms.days });
  const facts: [string, string][] = [
    [d.date, day(doc.issueDate)],
    [d.validUntil, day(q.validUntil)],
    ...(po ? [[d.purchaseOrder, po] as [string, string]] : []),
    ...(q.orderNumber ? [[d.order, q.orderNumber] as [string, string]] : []),
    [d.payment, d.transfer],
    [d.iban, formatIban(settings.bank.iban)],
    [d.bic, settings.bank.bic],
  ];
  const page: DocumentPage = {
    title: d.quote,
    numberLine: fill(d.numberLine, { n: q.number }),
    facts,
    buyerExtra: publicBodyLines(inv, wordsIn(lang, false)),
    discounts: discounts.some((x) => x > 0) ? discounts : undefined,
    totalLabel: d.total,
    after: [],
    mentions: [
      fill(d.validity, { date: day(q.validUntil) }),
      `${terms}.`,
      ...vatMentions(sale, lang),
      ...(q.note ? [fill(d.note, { note: q.note })] : []),
      ...d.businessMentions,
      d.acceptHow,
    ],
  };
  return await finish(inv, page, lang, settings, {
    kind: d.quote,
    date: at,
    identity: q.number,
  });
}

/**
 * The pro-forma of an order paid before shipping ("Facture pro forma" / "Pro forma invoice"),
 * in the buyer's language: outside the invoice series (it carries the order's number and its
 * RF reference, and says it is no invoice), with the amount still due and where to pay it.
 */
export async function renderProFormaPdf(order: Order, settings: SalePdfSettings) {
  const lang = orderLocale(order);
  const d = messagesFor(lang).documents;
  const day = dayIn(lang);
  const account = order.account!;
  const stripe = account.stripeTransfer;
  const pay = {
    iban: stripe?.iban ?? settings.bank.iban,
    bic: stripe?.bic ?? settings.bank.bic,
    reference: stripe?.reference ?? formatRfReference(account.reference),
  };
  const sale: DocumentSale = { ...order, tax: order.tax! };
  const { paidCents } = accountBalance(account, order.totalCents);
  const doc = draftDocument(
    sale,
    {
      number: order.orderNumber,
      orderNumber: order.orderNumber,
      day: shopDay(Date.parse(order.createdAt), settings.timeZone),
      at: order.createdAt,
    },
    settings.seller,
    {
      terms: account.terms,
      termsDays: account.termsDays,
      dueDate: null,
      reference: account.reference,
      iban: pay.iban,
      bic: pay.bic,
      paidCents,
    },
  );
  const inv = localShipping(toEInvoice(doc), doc, d.shipping);
  const po = order.business?.purchaseOrder;
  const money = (cents: number) => formatMoney(cents, lang);
  const facts: [string, string][] = [
    [d.date, day(doc.issueDate)],
    [d.order, order.orderNumber],
    ...(account.quoteNumber ? [[d.fromQuote, account.quoteNumber] as [string, string]] : []),
    ...(po ? [[d.purchaseOrder, po] as [string, string]] : []),
    [d.payment, d.transfer],
    [d.due, d.beforeShipping],
    [d.iban, formatIban(pay.iban)],
    [d.bic, pay.bic],
    [d.reference, pay.reference],
  ];
  const page: DocumentPage = {
    title: d.proForma,
    numberLine: fill(d.numberLine, { n: order.orderNumber }),
    facts,
    buyerExtra: publicBodyLines(inv, wordsIn(lang, false)),
    totalLabel: d.total,
    after: [
      { label: d.paid, cents: inv.totals.prepaidCents },
      { label: d.amountDue, cents: inv.totals.dueCents, bold: true },
    ],
    mentions: [
      d.notInvoice,
      fill(d.payBefore, {
        amount: money(inv.totals.dueCents),
        iban: formatIban(pay.iban),
        bic: pay.bic,
        reference: pay.reference,
      }),
      ...vatMentions(sale, lang),
      ...d.businessMentions,
    ],
  };
  return await finish(inv, page, lang, settings, {
    kind: d.proForma,
    date: order.createdAt,
    // Its payments change what it says: each state is its own document.
    identity: `${order.orderNumber}/pro-forma/${paidCents}`,
  });
}
