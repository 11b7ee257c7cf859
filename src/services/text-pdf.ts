import { PDFDocument, type PDFFont, rgb } from "pdf-lib";
import { embedNotoSans } from "./pdf-a3.ts";

/** A4 in PDF points. */
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.09, 0.11, 0.16);
const RULE = rgb(0.55, 0.58, 0.62);

/** One block of a text document. */
export type TextBlock =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  /** A line to fill in by hand: the label and a dotted rule under it. */
  | { kind: "field"; text: string };

/** `text` cut into lines no wider than `width` at `size`, at spaces. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A plain A4 text document (the terms, the model withdrawal form): a title, then headings,
 * paragraphs and fill-in lines, flowing over as many pages as needed. No clock, no chance: the
 * same text gives the same bytes.
 */
export async function renderTextPdf(
  doc: { title: string; lang: string; blocks: TextBlock[] },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(doc.title);
  pdf.setLanguage(doc.lang);
  const { regular, bold, drawable } = await embedNotoSans(pdf);
  const width = A4[0] - 2 * MARGIN;
  let page = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const draw = (text: string, font: PDFFont, size: number, gapAfter: number) => {
    for (const line of wrap(drawable(text), font, size, width)) {
      if (y - size < MARGIN) {
        page = pdf.addPage(A4);
        y = A4[1] - MARGIN;
      }
      y -= size * 1.35;
      page.drawText(line, { x: MARGIN, y, size, font, color: INK });
    }
    y -= gapAfter;
  };
  draw(doc.title, bold, 18, 12);
  for (const block of doc.blocks) {
    if (block.kind === "heading") draw(block.text, bold, 12, 4);
    else if (block.kind === "paragraph") draw(block.text, regular, 10, 6);
    else {
      draw(block.text, regular, 10, 22);
      page.drawLine({
        start: { x: MARGIN, y: y + 8 },
        end: { x: A4[0] - MARGIN, y: y + 8 },
        thickness: 0.5,
        color: RULE,
        dashArray: [2, 2],
      });
    }
  }
  return await pdf.save();
}
