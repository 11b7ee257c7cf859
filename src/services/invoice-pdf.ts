import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { formatRate, type InvoiceDocument } from "../domain/invoice.ts";
import { formatMoney } from "../domain/money.ts";

/** A4 in PDF points. */
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.09, 0.11, 0.16);
const MUTED = rgb(0.38, 0.42, 0.49);
const BRAND = rgb(0.122, 0.337, 0.82);
const RULE = rgb(0.85, 0.87, 0.9);

const TITLES = { invoice: "Invoice", credit_note: "Credit note" } as const;

/** Text the standard PDF fonts (WinAnsi) can draw: anything else becomes "?". */
const drawable = (text: string) =>
  text.normalize("NFC").replace(/[^\x20-\x7e\u00a0-\u00ff\u20ac\u2013\u2014\u2019]/g, "?");

/** The shop's logo (public/images/logo.svg), drawn as vectors below `y` (SVG's y grows down). */
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
    borderColor: rgb(1, 1, 1),
    borderWidth: 5,
    borderLineCap: 1,
  });
}

/**
 * An invoice or credit note as an A4 PDF, from its stored snapshot (pdf-lib: pure
 * JavaScript, so it runs on Deno Deploy). Generated on demand, never stored.
 */
export async function renderInvoicePdf(
  doc: InvoiceDocument,
  shopName: string,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${TITLES[doc.kind]} ${doc.number}`);
  pdf.setAuthor(doc.seller.legalName);
  pdf.setCreator(shopName);
  pdf.setCreationDate(new Date(doc.issuedAt));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage(A4);
  const [width, height] = A4;
  const right = width - MARGIN;
  let y = height - MARGIN;

  const text = (
    value: string,
    x: number,
    at: number,
    opts: { font?: PDFFont; size?: number; color?: typeof INK; align?: "left" | "right" } = {},
  ) => {
    const font = opts.font ?? regular;
    const size = opts.size ?? 9.5;
    const s = drawable(value);
    const dx = opts.align === "right" ? font.widthOfTextAtSize(s, size) : 0;
    page.drawText(s, { x: x - dx, y: at, size, font, color: opts.color ?? INK });
  };
  const money = (cents: number) => formatMoney(cents, doc.currency);
  const sign = doc.kind === "credit_note" ? -1 : 1;

  // Header: logo and shop, the document's title and numbers.
  drawLogo(page, MARGIN, y, 34);
  text(shopName, MARGIN + 44, y - 22, { font: bold, size: 16 });
  text(TITLES[doc.kind], right, y - 14, { font: bold, size: 20, align: "right" });
  text(doc.number, right, y - 30, { font: bold, size: 11, align: "right", color: BRAND });
  y -= 62;
  const facts: [string, string][] = [
    ["Date", doc.issueDate],
    ["Order", doc.orderNumber],
    ["Payment", doc.paymentMethod === "online" ? "Card, online" : "On delivery"],
  ];
  if (doc.refersTo) facts.push(["Refers to invoice", doc.refersTo]);
  for (const [label, value] of facts) {
    text(label, right - 150, y, { color: MUTED });
    text(value, right, y, { align: "right" });
    y -= 13;
  }

  // Seller and buyer.
  let top = height - MARGIN - 62;
  text("Seller", MARGIN, top, { font: bold, color: MUTED, size: 8.5 });
  for (const line of [doc.seller.legalName, ...doc.seller.address.split(/\s*\n\s*|\s*;\s*/)]) {
    top -= 12;
    text(line, MARGIN, top);
  }
  top -= 12;
  text(`VAT ${doc.seller.vatNumber}`, MARGIN, top);
  y = Math.min(y, top) - 22;
  text("Bill and ship to", MARGIN, y, { font: bold, color: MUTED, size: 8.5 });
  const a = doc.address;
  for (
    const line of [
      doc.buyer.name,
      a.address,
      [a.zipCode, a.city].filter(Boolean).join(" "),
      [a.state, a.country].filter(Boolean).join(", "),
      doc.buyer.email,
    ].filter(Boolean)
  ) {
    y -= 12;
    text(line, MARGIN, y);
  }
  y -= 26;

  // Lines.
  const cols = { qty: right - 190, unit: right - 95, total: right };
  const header = () => {
    page.drawRectangle({
      x: MARGIN,
      y: y - 5,
      width: right - MARGIN,
      height: 18,
      color: rgb(0.95, 0.96, 0.98),
    });
    text("Description", MARGIN + 6, y, { font: bold });
    text("Qty", cols.qty, y, { font: bold, align: "right" });
    text("Unit price", cols.unit, y, { font: bold, align: "right" });
    text("Amount", cols.total - 6, y, { font: bold, align: "right" });
    y -= 22;
  };
  header();
  const rows: [string, number, number, number][] = doc.lines.map((
    l,
  ) => [l.title, l.quantity, l.unitCents, l.totalCents]);
  if (doc.shippingCents > 0) rows.push(["Shipping", 1, doc.shippingCents, doc.shippingCents]);
  for (const [title, qty, unit, total] of rows) {
    if (y < MARGIN + 160) {
      page = pdf.addPage(A4);
      y = height - MARGIN;
      header();
    }
    const name = title.length > 60 ? `${title.slice(0, 59)}...` : title;
    text(name, MARGIN + 6, y);
    text(String(qty), cols.qty, y, { align: "right" });
    text(money(sign * unit), cols.unit, y, { align: "right" });
    text(money(sign * total), cols.total - 6, y, { align: "right" });
    y -= 8;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: right, y },
      thickness: 0.5,
      color: RULE,
    });
    y -= 12;
  }

  // VAT summary per rate, then the total.
  y -= 6;
  const label = right - 230;
  for (const v of doc.vat) {
    text(`Net at ${formatRate(v.rateBp)} VAT`, label, y, { color: MUTED });
    text(money(sign * v.netCents), right - 6, y, { align: "right" });
    y -= 13;
    text(`VAT ${formatRate(v.rateBp)}`, label, y, { color: MUTED });
    text(money(sign * v.vatCents), right - 6, y, { align: "right" });
    y -= 13;
  }
  y -= 4;
  page.drawRectangle({
    x: label - 8,
    y: y - 7,
    width: right - label + 8,
    height: 22,
    color: BRAND,
  });
  text(doc.kind === "invoice" ? "Total paid (VAT incl.)" : "Total credited (VAT incl.)", label, y, {
    font: bold,
    color: rgb(1, 1, 1),
  });
  text(money(sign * doc.totalCents), right - 6, y, {
    font: bold,
    color: rgb(1, 1, 1),
    align: "right",
  });
  y -= 34;

  // Mentions.
  const mentions = [
    doc.mention,
    doc.kind === "invoice"
      ? `Paid in full on ${doc.issueDate}: no amount due. No discount for early payment.`
      : `Credit note for invoice ${doc.refersTo}.`,
    "Late payment (professional buyers): penalties at three times the legal interest rate and a fixed EUR 40 recovery fee (art. L441-10 Code de commerce).",
  ].filter((m): m is string => !!m);
  for (const m of mentions) {
    for (const line of wrap(m, regular, 8.5, right - MARGIN)) {
      text(line, MARGIN, y, { size: 8.5, color: MUTED });
      y -= 11;
    }
  }

  // Footer on every page: the seller's legal identity.
  const s = doc.seller;
  const footer = [
    `${s.legalName}, share capital ${s.shareCapital} - SIREN ${s.siren} - SIRET ${s.siret} - RCS ${s.rcs}`,
    `VAT ${s.vatNumber} - ${s.contact}`,
  ];
  pdf.getPages().forEach((p, i, all) => {
    page = p;
    footer.forEach((line, j) =>
      text(line, MARGIN, MARGIN - 10 - j * 10, { size: 7.5, color: MUTED })
    );
    text(`${doc.number} - page ${i + 1} of ${all.length}`, right, MARGIN + 6, {
      size: 7.5,
      color: MUTED,
      align: "right",
    });
  });
  return await pdf.save();
}

/** Splits a text into lines that fit `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of drawable(text).split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
