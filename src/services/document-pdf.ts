import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import type { Address, EInvoice, Party } from "../domain/en16931.ts";
import type { Seller } from "../domain/invoice.ts";
import { embedNotoSans } from "./pdf-a3.ts";

/**
 * The page every business document draws (invoice, credit note, quote, pro-forma): the header
 * with the logo, the document's facts in a box on the right, the seller, buyer and delivery
 * blocks, the lines, the totals, the mentions and the seller's legal footer. Every free text a
 * buyer or staff typed wraps within its box (tests/api/invoice_pdf_boxes_test.ts). The words
 * come from the caller: the invoice prints French with English beside, a quote the buyer's
 * language.
 */

/** A4 in PDF points. */
export const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.09, 0.11, 0.16);
const MUTED = rgb(0.38, 0.42, 0.49);
const BRAND = rgb(0.122, 0.337, 0.82);
const RULE = rgb(0.85, 0.87, 0.9);
const BAND = rgb(0.95, 0.96, 0.98);
const WHITE = rgb(1, 1, 1);

/** The document's facts, on the right of the header: no value may run into its label. */
const FACTS_WIDTH = 230;
/** A block's text, a wrapped line under the other. */
const LEADING = 11.5;

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

/** A column's head: its name, and a smaller line under it (empty: none). */
export type Head = readonly [string, string];

/** What a document's page says around its figures, in its language(s). */
export interface DocumentWords {
  /** The language countries are named in. */
  countries: "fr" | "en";
  money(cents: number): string;
  rate(bp: number): string;
  siren: string;
  vat: string;
  taxId: string;
  serviceCode: string;
  engagement: string;
  seller: string;
  buyer: string;
  delivery: string;
  columns: {
    description: Head;
    qty: Head;
    discount: Head;
    unit: Head;
    rate: Head;
    net: Head;
  };
  netTotal: string;
  /** A VAT group's row: "TVA 20 % sur 100,00 €", an exempt one says so. */
  vatRow(rate: string, exempt: boolean, taxable: string): string;
  shareCapital: string;
  /** "F2026-000001 - page 1 / 2" */
  pageOf(number: string, page: number, pages: number): string;
}

/** One document: its title, facts, figures (the EN 16931 model) and mentions. */
export interface DocumentPage {
  title: string;
  /** Under the title: "N° F2026-000001". */
  numberLine: string;
  facts: [string, string][];
  /** The buyer's block's lines after its party's (a public body's identifiers). */
  buyerExtra: string[];
  /** A discount per line of the model, in basis points: the lines show a discount column. */
  discounts?: readonly number[];
  totalLabel: string;
  /** The rows under the total: paid, amount due. */
  after: { label: string; cents: number; bold?: boolean }[];
  mentions: string[];
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

const displayNames = {
  fr: new Intl.DisplayNames(["fr"], { type: "region" }),
  en: new Intl.DisplayNames(["en"], { type: "region" }),
};

/**
 * A new A4 document with Noto Sans embedded and `doc` drawn on as many pages as it takes; the
 * caller makes it a PDF/A-3 (with its Factur-X XML, or none).
 */
export async function drawDocument(
  inv: EInvoice,
  doc: DocumentPage,
  w: DocumentWords,
  seller: Seller,
  shopName: string,
): Promise<PDFDocument> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const { regular, bold, drawable } = await embedNotoSans(pdf);
  let page = pdf.addPage(A4);
  const [width, height] = A4;
  const right = width - MARGIN;
  let y = height - MARGIN;

  const countryName = (code: string) => {
    try {
      return code ? displayNames[w.countries].of(code) ?? code : "";
    } catch {
      return code;
    }
  };
  /** The lines an address prints, its country named in the document's language. */
  const addressLines = (a: Address) =>
    [
      ...a.lines,
      [a.postcode, a.city].filter(Boolean).join(" "),
      [a.region, countryName(a.countryCode)].filter(Boolean).join(", "),
    ].filter(Boolean);
  const partyLines = (p: Party) =>
    [
      p.name,
      ...addressLines(p.address),
      p.siren ? `${w.siren} ${frenchSiren(p.siren)}` : "",
      p.vatNumber ? `${w.vat} ${p.vatNumber}` : "",
      p.otherTaxId ? `${w.taxId} ${p.otherTaxId}` : "",
      p.email ?? "",
    ].filter(Boolean);

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
  const money = w.money;

  // Header: logo and shop, the document's title and number.
  drawLogo(page, MARGIN, y, 34);
  text(shopName, MARGIN + 44, y - 22, { font: bold, size: 16, max: 200 });
  text(doc.title, right, y - 14, { font: bold, size: 18, align: "right" });
  text(doc.numberLine, right, y - 30, { font: bold, size: 11, align: "right", color: BRAND });
  y -= 60;

  let factsY = y;
  for (const [label, value] of doc.facts) {
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
  y = Math.min(block(w.seller, partyLines(inv.seller), MARGIN, y, sellerWidth), factsY) - 20;
  const half = (right - MARGIN) / 2;
  const buyerEnd = block(
    w.buyer,
    [...partyLines(inv.buyer), ...doc.buyerExtra],
    MARGIN,
    y,
    half - 10,
  );
  const deliveryEnd = block(
    w.delivery,
    [inv.delivery.name, ...addressLines(inv.delivery.address)],
    MARGIN + half,
    y,
    half - 10,
  );
  y = Math.min(buyerEnd, deliveryEnd) - 26;

  // Lines: description, quantity, (discount,) unit price excl. VAT, VAT rate, net amount.
  const discounts = doc.discounts;
  const cols = discounts
    ? { qty: right - 255, discount: right - 200, unit: right - 135, rate: right - 80 }
    : { qty: right - 215, discount: 0, unit: right - 140, rate: right - 80 };
  const net = right - 6;
  const header = () => {
    page.drawRectangle({ x: MARGIN, y: y - 14, width: right - MARGIN, height: 26, color: BAND });
    const head = ([main, under]: Head, x: number, align: "left" | "right" = "right") => {
      text(main, x, y + 2, { font: bold, size: 8.5, align });
      if (under) text(under, x, y - 8, { color: MUTED, size: 7.5, align });
    };
    head(w.columns.description, MARGIN + 6, "left");
    head(w.columns.qty, cols.qty);
    if (discounts) head(w.columns.discount, cols.discount);
    head(w.columns.unit, cols.unit);
    head(w.columns.rate, cols.rate);
    head(w.columns.net, net);
    y -= 32;
  };
  header();
  for (const [i, l] of inv.lines.entries()) {
    if (y < MARGIN + 60) {
      page = pdf.addPage(A4);
      y = height - MARGIN;
      header();
    }
    text(String(l.quantity), cols.qty, y, { align: "right" });
    if (discounts?.[i]) text(w.rate(discounts[i]), cols.discount, y, { align: "right" });
    text(money(l.netUnitCents), cols.unit, y, { align: "right" });
    text(w.rate(l.rateBp), cols.rate, y, { align: "right" });
    text(money(l.netCents), net, y, { align: "right" });
    // A long name wraps under itself: nothing of what is sold is cut.
    const names = wrap(drawable(l.name), regular, 9, cols.qty - MARGIN - 50);
    names.forEach((name, n) => {
      text(name, MARGIN + 6, y);
      if (n < names.length - 1) y -= 11;
    });
    y -= 7;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.5, color: RULE });
    y -= 13;
  }

  // Totals: net, VAT per category and rate, total, then what the caller adds (paid, due).
  const t = inv.totals;
  const totalsHeight = 16 * (2 + doc.after.length + inv.vat.length) + 40;
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
  row(w.netTotal, money(t.taxBasisCents));
  for (const v of inv.vat) {
    row(w.vatRow(w.rate(v.rateBp), v.category !== "S", money(v.taxableCents)), money(v.vatCents));
  }
  y -= 4;
  page.drawRectangle({
    x: label - 8,
    y: y - 7,
    width: right - label + 8,
    height: 22,
    color: BRAND,
  });
  text(doc.totalLabel, label, y, { font: bold, color: WHITE });
  text(money(t.grossCents), right - 6, y, { font: bold, color: WHITE, align: "right" });
  y -= 26;
  for (const a of doc.after) row(a.label, money(a.cents), a.bold ? { font: bold } : {});
  y -= 10;

  // Mentions, wrapped; a new page when they do not fit.
  for (const m of doc.mentions) {
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
  const s = seller;
  const footer = [
    `${s.legalName}, ${w.shareCapital} ${s.shareCapital} - SIREN ${frenchSiren(s.siren)} - SIRET ${
      frenchSiren(s.siret)
    } - RCS ${s.rcs}`,
    `${w.vat} ${s.vatNumber} - ${s.contact}`,
  ];
  pdf.getPages().forEach((p, i, all) => {
    page = p;
    footer.forEach((line, j) =>
      text(line, MARGIN, MARGIN - 12 - j * 9.5, { size: 7, color: MUTED, max: right - MARGIN })
    );
    text(w.pageOf(inv.number, i + 1, all.length), right, MARGIN + 4, {
      size: 7,
      color: MUTED,
      align: "right",
    });
  });
  return pdf;
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
