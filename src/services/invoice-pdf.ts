import { formatIban } from "../domain/bank-account.ts";
import { formatRfReference } from "../domain/rf-reference.ts";
import { toCii } from "../domain/cii.ts";
import { type EInvoice, toEInvoice } from "../domain/en16931.ts";
import type { InvoiceDocument } from "../domain/invoice.ts";
import { formatMoney } from "../i18n/format.ts";
import {
  type DocumentPage,
  type DocumentWords,
  drawDocument,
  frenchSiren,
} from "./document-pdf.ts";
import { finishPdfA3 } from "./pdf-a3.ts";

export { frenchSiren };

/** What the page prints beside the snapshot: the shop's name. */
export interface DocumentSettings {
  shopName: string;
}

const TITLES = { "380": "Facture / Invoice", "381": "Avoir / Credit note" } as const;

const rates = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 });
/** "20 %", "5,5 %", "0 %" */
export const frenchRate = (bp: number) => `${rates.format(bp / 100)} %`;

/** "2026-03-01" -> "01/03/2026" */
export const frenchDate = (day: string) => day.split("-").reverse().join("/");

/** Narrow no-break space: French puts it before a colon. */
const GROUP = "\u202f";

/** An invoice's page speaks French with English beside (the buyer may read either). */
const invoiceWords = (currency: string): DocumentWords => ({
  countries: "fr",
  money: (cents) => formatMoney(cents, "fr", currency),
  rate: frenchRate,
  siren: "SIREN",
  vat: "TVA / VAT",
  taxId: "Identifiant fiscal / Tax ID",
  serviceCode: "Code service / Service code",
  engagement: "N° d’engagement / Engagement number",
  seller: "Vendeur / Seller",
  buyer: "Client / Buyer (facturation / billing)",
  delivery: "Livraison / Delivery",
  columns: {
    description: ["Désignation", "Description"],
    qty: ["Qté", "Qty"],
    discount: ["Remise", "Discount"],
    unit: ["PU HT", "Unit excl. VAT"],
    rate: ["TVA", "VAT"],
    net: ["Montant HT", "Net amount"],
  },
  netTotal: "Total HT / Net total",
  vatRow: (rate, exempt, taxable) =>
    `TVA / VAT ${rate}${exempt ? " exonérée / exempt" : ""} sur / on ${taxable}`,
  shareCapital: "capital social / share capital",
  pageOf: (number, page, pages) => `${number} - page ${page} / ${pages}`,
});

/** A public body (Chorus Pro): its structure's SIRET is the buyer's identifier (BT-46). */
const publicBody = (inv: EInvoice) => inv.buyer.globalId?.scheme === "0009";

/**
 * What Chorus Pro reads off a public body's invoice, as the XML says it: the structure's SIRET
 * (BT-46), its service code (BT-10) and the engagement number (BT-13).
 */
export function publicBodyLines(inv: EInvoice, w: DocumentWords): string[] {
  const structure = inv.buyer.globalId;
  if (structure?.scheme !== "0009") return [];
  return [
    `SIRET ${frenchSiren(structure.id)}`,
    inv.buyerReference ? `${w.serviceCode} ${inv.buyerReference}` : "",
    inv.purchaseOrder ? `${w.engagement} ${inv.purchaseOrder}` : "",
  ].filter(Boolean);
}

/** The mentions a document prints under its totals (the XML's notes, in the same words). */
export function pageMentions(inv: EInvoice): string[] {
  const credit = inv.typeCode === "381" && inv.precedingInvoice;
  return [
    ...(credit ? [`Avoir de la facture ${credit} / Credit note for invoice ${credit}`] : []),
    ...inv.notes.map((n) => typographic(n.text)),
    ...(inv.paymentTerms ? [inv.paymentTerms] : []),
    inv.typeCode === "380" && inv.totals.dueCents > 0
      ? `Net à payer / Amount due${GROUP}: ${formatMoney(inv.totals.dueCents, "fr", inv.currency)}${
        inv.dueDate ? `, avant le / by ${frenchDate(inv.dueDate)}` : ""
      }.`
      : inv.typeCode === "380"
      ? `Payée le ${
        frenchDate(inv.issueDate)
      }${GROUP}: aucun montant dû / Paid in full: no amount due.`
      : `Remboursé / Refunded: ${formatMoney(inv.totals.grossCents, "fr", inv.currency)}.`,
  ];
}

/** A mention's apostrophes as French prints them: "d’après", never a typewriter's "d'après". */
const typographic = (s: string) => s.replace(/(?<=\p{L})'(?=\p{L})/gu, "’");

/**
 * An invoice or credit note as a Factur-X PDF (PDF/A-3b, profile EN 16931), from its stored
 * snapshot: the page in French (English beside) and its CII XML attached, both written from
 * one EN 16931 model. pdf-lib is pure JavaScript, so it runs on Deno Deploy; made on demand,
 * never stored, and the same every time it is made.
 */
export async function renderInvoicePdf(
  doc: InvoiceDocument,
  settings: DocumentSettings,
): Promise<Uint8Array> {
  const inv = toEInvoice(doc);
  const words = invoiceWords(inv.currency);
  const facts: [string, string][] = [
    ["Date d’émission / Issue date", frenchDate(inv.issueDate)],
    ["Commande / Order", inv.salesOrder],
  ];
  // A public body's BT-13 is its engagement number: the buyer's block names it as such.
  if (inv.purchaseOrder && !publicBody(inv)) {
    facts.push(["Bon de commande / Purchase order", inv.purchaseOrder]);
  }
  if (inv.deliveryDate) {
    facts.push(["Date de livraison / Date of supply", frenchDate(inv.deliveryDate)]);
  }
  if (inv.precedingInvoice) facts.push(["Facture d’origine / Invoice", inv.precedingInvoice]);
  facts.push(["Paiement / Payment", inv.paymentMeans.text]);
  if (inv.dueDate) facts.push(["Échéance / Due date", frenchDate(inv.dueDate)]);
  if (inv.paymentMeans.iban) {
    facts.push(["IBAN", formatIban(inv.paymentMeans.iban)]);
    if (inv.paymentMeans.bic) facts.push(["BIC", inv.paymentMeans.bic]);
  }
  if (inv.paymentMeans.reference) {
    facts.push(["Référence / Reference", formatRfReference(inv.paymentMeans.reference)]);
  }
  const invoice = inv.typeCode === "380";
  const page: DocumentPage = {
    title: TITLES[inv.typeCode],
    numberLine: `N° ${inv.number}`,
    facts,
    buyerExtra: publicBodyLines(inv, words),
    totalLabel: invoice ? "Total TTC / Total incl. VAT" : "Total de l’avoir TTC / Total credited",
    after: [
      {
        label: invoice ? "Déjà payé / Paid" : "Remboursé / Refunded",
        cents: inv.totals.prepaidCents,
      },
      { label: "Net à payer / Amount due", cents: inv.totals.dueCents, bold: true },
    ],
    mentions: pageMentions(inv),
  };
  const s = doc.seller;
  const pdf = await drawDocument(inv, page, words, s, settings.shopName);
  const title = `${TITLES[inv.typeCode].split(" / ")[0]} ${inv.number}`;
  return await finishPdfA3(
    pdf,
    {
      title,
      author: s.legalName,
      subject: `${title}, ${frenchDate(inv.issueDate)}, ${inv.buyer.name}`,
      keywords: [invoice ? "Facture" : "Avoir", "Factur-X", inv.number],
      creator: settings.shopName,
      date: new Date(doc.issuedAt),
      lang: "fr-FR",
    },
    { xml: toCii(inv), conformanceLevel: "EN 16931", description: `Factur-X ${inv.number}` },
    `${s.siren}/${inv.number}`,
  );
}
