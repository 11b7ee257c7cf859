import { formatIban } from "../domain/bank-account.ts";
import { formatRfReference } from "../domain/rf-reference.ts";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { toCii } from "../domain/cii.ts";
import { type Address, type EInvoice, type Party, toEInvoice } from "../domain/en16931.ts";
import type { InvoiceDocument } from "../domain/invoice.ts";
import { formatMoney } from "../i18n/format.ts";
import { embedNotoSans, finishPdfA3 } from "./pdf-a3.ts";

/** A4 in PDF points. */
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.09, 0.11, 0.16);
const MUTED = rgb(0.38, 0.42, 0.49);
const BRAND = rgb(0.122, 0.337, 0.82);
const RULE = rgb(0.85, 0.87, 0.9);
const BAND = rgb(0.95, 0.96, 0.98);
const WHITE = rgb(1, 1, 1);

/** What the page prints beside the snapshot: the shop's name. */
export interface DocumentSettings {
  shopName: string;
}

const TITLES = { "380": "Facture / Invoice", "381": "Avoir / Credit note" } as const;
/** The document's facts, on the right of the header: no value may run into its label. */
const FACTS_WIDTH = 230;
/** A block's text, a wrapped line under the other. */
const LEADING = 11.5;

const rates = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 });
/** "20 %", "5,5 %", "0 %" */
export const frenchRate = (bp: number) => `${rates.format(bp / 100)} %`;

/** "2026-03-01" -> "01/03/2026" */
export const frenchDate = (day: string) => day.split("-").reverse().join("/");

/** Narrow no-break space: French groups digits with it, as prices print. */
const GROUP = "\u202f";

/**
 * A SIREN or SIRET as French documents print it: "123 456 789", "123 456 789 00012" (the
 * NIC apart); anything else as given.
 */
export function frenchSiren(id: string): string {
  const digits = id.replace(/\s/g, "");
  if (!/^\d{9}(\d{5})?$/.test(digits)) return id;
  const siren = digits.slice(0, 9).replace(/(\d{3})(?=\d)/g, `$1${GROUP}`);
  return digits.length === 9 ? siren : `${siren}${GROUP}${digits.slice(9)}`;
}

/** An untaxed group says so; which exemption it is, the mention under the totals says. */
const CATEGORY_LABEL = {
  S: "",
  K: "exonérée / exempt",
  G: "exonérée / exempt",
  E: "exonérée / exempt",
};

const countries = new Intl.DisplayNames(["fr"], { type: "region" });
const countryName = (code: string) => {
  try {
    return code ? countries.of(code) ?? code : "";
  } catch {
    return code;
  }
};

/** The lines an address prints, its country named in French. */
const addressLines = (a: Address) =>
  [
    ...a.lines,
    [a.postcode, a.city].filter(Boolean).join(" "),
    [a.region, countryName(a.countryCode)].filter(Boolean).join(", "),
  ].filter(Boolean);

function partyLines(p: Party): string[] {
  return [
    p.name,
    ...addressLines(p.address),
    p.siren ? `SIREN ${frenchSiren(p.siren)}` : "",
    p.vatNumber ? `TVA / VAT ${p.vatNumber}` : "",
    p.otherTaxId ? `Identifiant fiscal / Tax ID ${p.otherTaxId}` : "",
    p.email ?? "",
  ].filter(Boolean);
}

/** A public body (Chorus Pro): its structure's SIRET is the buyer's identifier (BT-46). */
const publicBody = (inv: EInvoice) => inv.buyer.globalId?.scheme === "0009";

/**
 * What Chorus Pro reads off a public body's invoice, as the XML says it: the structure's SIRET
 * (BT-46), its service code (BT-10) and the engagement number (BT-13).
 */
function publicBodyLines(inv: EInvoice): string[] {
  const structure = inv.buyer.globalId;
  if (structure?.scheme !== "0009") return [];
  return [
    `SIRET ${frenchSiren(structure.id)}`,
    inv.buyerReference ? `Code service / Service code ${inv.buyerReference}` : "",
    inv.purchaseOrder ? `N° d’engagement / Engagement number ${inv.purchaseOrder}` : "",
  ].filter(Boolean);
}

/** The logo (public/images/logo.svg), drawn as vectors below `y` (SVG's y grows down). */
function drawLogo(page: PDFPage, x: number, y: number, size: number) {
  const scale = size / 64;
  page.drawSvgPath(
    "M14 0h36a14 14 0 0 1 14 14v36a14 14 0 0 1-14 14H14A14 14 0 0 1 0 50V14A14 14 0 0 1 14 0z",
    { x, y, scale, color: BRAND },
  );
  page.drawSvgPath("M10 40h8l6-16 8 24 6-14h16", {
    x,
    y,
    scale,
    borderColor: WHITE,
    borderWidth: 5,
    borderLineCap: 1,
  });
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
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const { regular, bold, drawable } = await embedNotoSans(pdf);
  let page = pdf.addPage(A4);
  const [width, height] = A4;
  const right = width - MARGIN;
  let y = height - MARGIN;

  const text = (
    value: string,
    x: number,
    at: number,
    opts: {
      font?: PDFFont;
      size?: number;
      color?: typeof INK;
      align?: "left" | "right";
      max?: number;
    } = {},
  ) => {
    const font = opts.font ?? regular;
    const size = opts.size ?? 9;
    let s = drawable(value);
    if (opts.max) {
      while (s.length > 1 && font.widthOfTextAtSize(s, size) > opts.max) s = `${s.slice(0, -2)}…`;
    }
    const dx = opts.align === "right" ? font.widthOfTextAtSize(s, size) : 0;
    page.drawText(s, { x: x - dx, y: at, size, font, color: opts.color ?? INK });
  };
  const money = (cents: number) => formatMoney(cents, "fr", inv.currency);

  // Header: logo and shop, the document's title and number.
  drawLogo(page, MARGIN, y, 34);
  text(settings.shopName, MARGIN + 44, y - 22, { font: bold, size: 16, max: 200 });
  text(TITLES[inv.typeCode], right, y - 14, { font: bold, size: 18, align: "right" });
  text(`N° ${inv.number}`, right, y - 30, { font: bold, size: 11, align: "right", color: BRAND });
  y -= 60;

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
  let factsY = y;
  for (const [label, value] of facts) {
    const left = right - FACTS_WIDTH;
    text(label, left, factsY, { color: MUTED, size: 8.5 });
    // A value that would run into its label (a buyer's long purchase order) goes under it,
    // wrapped within the box.
    const beside = FACTS_WIDTH - regular.widthOfTextAtSize(label, 8.5) - 10;
    const shown = drawable(value);
    if (regular.widthOfTextAtSize(shown, 9) > beside) {
      for (const line of wrap(shown, regular, 9, FACTS_WIDTH)) {
        factsY -= LEADING;
        text(line, right, factsY, { align: "right" });
      }
    } else text(shown, right, factsY, { align: "right" });
    factsY -= 12;
  }

  // Seller, then buyer and delivery side by side.
  const block = (title: string, lines: string[], x: number, top: number, max: number) => {
    text(title, x, top, { font: bold, color: MUTED, size: 8 });
    let at = top;
    for (const line of lines.flatMap((l) => wrap(drawable(l), regular, 9, max))) {
      at -= LEADING;
      text(line, x, at);
    }
    return at;
  };
  const sellerWidth = right - FACTS_WIDTH - 20 - MARGIN;
  y = Math.min(block("Vendeur / Seller", partyLines(inv.seller), MARGIN, y, sellerWidth), factsY) -
    20;
  const half = (right - MARGIN) / 2;
  const buyerEnd = block(
    "Client / Buyer (facturation / billing)",
    [...partyLines(inv.buyer), ...publicBodyLines(inv)],
    MARGIN,
    y,
    half - 10,
  );
  const deliveryEnd = block(
    "Livraison / Delivery",
    [inv.delivery.name, ...addressLines(inv.delivery.address)],
    MARGIN + half,
    y,
    half - 10,
  );
  y = Math.min(buyerEnd, deliveryEnd) - 26;

  // Lines: description, quantity, unit price excl. VAT, VAT rate, net amount.
  const cols = { qty: right - 215, unit: right - 140, rate: right - 80, net: right - 6 };
  const header = () => {
    page.drawRectangle({ x: MARGIN, y: y - 14, width: right - MARGIN, height: 26, color: BAND });
    text("Désignation", MARGIN + 6, y + 2, { font: bold, size: 8.5 });
    text("Description", MARGIN + 6, y - 8, { color: MUTED, size: 7.5 });
    const head = (fr: string, en: string, x: number) => {
      text(fr, x, y + 2, { font: bold, size: 8.5, align: "right" });
      text(en, x, y - 8, { color: MUTED, size: 7.5, align: "right" });
    };
    head("Qté", "Qty", cols.qty);
    head("PU HT", "Unit excl. VAT", cols.unit);
    head("TVA", "VAT", cols.rate);
    head("Montant HT", "Net amount", cols.net);
    y -= 32;
  };
  header();
  for (const l of inv.lines) {
    if (y < MARGIN + 60) {
      page = pdf.addPage(A4);
      y = height - MARGIN;
      header();
    }
    text(String(l.quantity), cols.qty, y, { align: "right" });
    text(money(l.netUnitCents), cols.unit, y, { align: "right" });
    text(frenchRate(l.rateBp), cols.rate, y, { align: "right" });
    text(money(l.netCents), cols.net, y, { align: "right" });
    // A long name wraps under itself: nothing of what is sold is cut.
    const names = wrap(drawable(l.name), regular, 9, cols.qty - MARGIN - 50);
    names.forEach((name, i) => {
      text(name, MARGIN + 6, y);
      if (i < names.length - 1) y -= 11;
    });
    y -= 7;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.5, color: RULE });
    y -= 13;
  }

  // Totals: net, VAT per category and rate, total, paid, due.
  const t = inv.totals;
  const totalsHeight = 16 * (4 + inv.vat.length) + 40;
  if (y - totalsHeight < MARGIN + 30) {
    page = pdf.addPage(A4);
    y = height - MARGIN;
  }
  y -= 6;
  const label = right - 290;
  const row = (name: string, value: string, opts: { font?: PDFFont } = {}) => {
    text(name, label, y, { color: MUTED, max: 225, ...opts });
    text(value, right - 6, y, { align: "right", ...opts });
    y -= 14;
  };
  row("Total HT / Net total", money(t.taxBasisCents));
  for (const v of inv.vat) {
    const what = CATEGORY_LABEL[v.category];
    row(
      `TVA / VAT ${frenchRate(v.rateBp)}${what ? ` ${what}` : ""} sur / on ${
        money(v.taxableCents)
      }`,
      money(v.vatCents),
    );
  }
  y -= 4;
  page.drawRectangle({
    x: label - 8,
    y: y - 7,
    width: right - label + 8,
    height: 22,
    color: BRAND,
  });
  text(
    inv.typeCode === "380"
      ? "Total TTC / Total incl. VAT"
      : "Total de l’avoir TTC / Total credited",
    label,
    y,
    {
      font: bold,
      color: WHITE,
    },
  );
  text(money(t.grossCents), right - 6, y, { font: bold, color: WHITE, align: "right" });
  y -= 26;
  row(inv.typeCode === "380" ? "Déjà payé / Paid" : "Remboursé / Refunded", money(t.prepaidCents));
  row("Net à payer / Amount due", money(t.dueCents), { font: bold });
  y -= 10;

  // Mentions, wrapped; a new page when they do not fit.
  for (const m of pageMentions(inv)) {
    for (const line of wrap(drawable(m), regular, 8, right - MARGIN)) {
      if (y < MARGIN + 20) {
        page = pdf.addPage(A4);
        y = height - MARGIN;
      }
      text(line, MARGIN, y, { size: 8, color: MUTED });
      y -= 10.5;
    }
    y -= 2;
  }

  // Footer on every page: the seller's legal identity.
  const s = doc.seller;
  const footer = [
    `${s.legalName}, capital social / share capital ${s.shareCapital} - SIREN ${
      frenchSiren(s.siren)
    } - SIRET ${frenchSiren(s.siret)} - RCS ${s.rcs}`,
    `TVA / VAT ${s.vatNumber} - ${s.contact}`,
  ];
  pdf.getPages().forEach((p, i, all) => {
    page = p;
    footer.forEach((line, j) =>
      text(line, MARGIN, MARGIN - 12 - j * 9.5, { size: 7, color: MUTED, max: right - MARGIN })
    );
    text(`${inv.number} - page ${i + 1} / ${all.length}`, right, MARGIN + 4, {
      size: 7,
      color: MUTED,
      align: "right",
    });
  });

  const title = `${TITLES[inv.typeCode].split(" / ")[0]} ${inv.number}`;
  return await finishPdfA3(
    pdf,
    {
      title,
      author: s.legalName,
      subject: `${title}, ${frenchDate(inv.issueDate)}, ${inv.buyer.name}`,
      keywords: [inv.typeCode === "380" ? "Facture" : "Avoir", "Factur-X", inv.number],
      creator: settings.shopName,
      date: new Date(doc.issuedAt),
      lang: "fr-FR",
    },
    { xml: toCii(inv), conformanceLevel: "EN 16931", description: `Factur-X ${inv.number}` },
    `${s.siren}/${inv.number}`,
  );
}

/**
 * Splits a text into lines that fit `width` at `size`, between words, and a word too long for
 * a line (a reference without spaces) between its characters.
 */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const words = text.split(" ").flatMap((word) => {
    if (fits(word)) return [word];
    const parts: string[] = [];
    let part = "";
    for (const ch of word) {
      if (part && !fits(part + ch)) {
        parts.push(part);
        part = "";
      }
      part += ch;
    }
    return [...parts, part];
  });
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
