import { toHex } from "../domain/hex.ts";
import fontkit from "@pdf-lib/fontkit";
import { zlibSync } from "fflate";
import { AFRelationship, type PDFDocument, PDFHexString, PDFName, PDFString } from "pdf-lib";
import { NOTO_SANS_BOLD, NOTO_SANS_REGULAR } from "./pdf-assets/noto-sans.ts";
import { SRGB_ICC } from "./pdf-assets/srgb-icc.ts";
// Text in the XMP is escaped by the e-invoices' writer, which also drops what XML cannot carry at
// all (a control character in a name stored before the edge refused them).
import { text as xmlText } from "../domain/xml.ts";

/**
 * What makes a pdf-lib document a PDF/A-3b Factur-X: embedded Unicode fonts (Noto Sans, so that
 * every European name prints as written), the sRGB output intent, XMP metadata with the `pdfaid`
 * and Factur-X `fx` schemas (the latter declared in a PDF/A extension schema), the CII XML
 * attached as `factur-x.xml` (AFRelationship Alternative) and listed in the catalog's /AF, and a
 * file ID. Nothing in it comes from the clock or chance: the same document gives the same bytes.
 */

const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

/**
 * Each font parsed once per process (fontkit's parse was most of an embed's cost), and laid out
 * by its character map alone: pdf-lib reads only the glyphs of a layout, the fonts carry no
 * ligatures nor kerning tables (see LICENSES.md), and fontkit's shaper was half of a page's time.
 */
type FontkitFont = ReturnType<typeof fontkit.create> & {
  glyphsForString(text: string): unknown[];
  hasGlyphForCodePoint(codePoint: number): boolean;
};
const parsed = new Map<Uint8Array, FontkitFont>();
const cachingFontkit = {
  create(bytes: Uint8Array) {
    let font = parsed.get(bytes);
    if (!font) {
      const base = fontkit.create(bytes) as FontkitFont;
      font = Object.create(base, {
        layout: { value: (text: string) => ({ glyphs: base.glyphsForString(text) }) },
      }) as FontkitFont;
      parsed.set(bytes, font);
    }
    return font;
  },
} as unknown as typeof fontkit;

let fonts: { regular: Uint8Array; bold: Uint8Array } | null = null;
const fontBytes = () =>
  fonts ??= { regular: fromBase64(NOTO_SANS_REGULAR), bold: fromBase64(NOTO_SANS_BOLD) };

/**
 * Noto Sans Regular and Bold embedded in the document, subset to the glyphs it uses, with a
 * function that keeps only the characters they can draw (any other becomes "?": a missing glyph
 * would draw nothing, and PDF/A forbids referring to it).
 */
export async function embedNotoSans(pdf: PDFDocument) {
  pdf.registerFontkit(cachingFontkit);
  const { regular, bold } = fontBytes();
  const [r, b] = await Promise.all([
    pdf.embedFont(regular, { subset: true, customName: "NotoSans-Regular" }),
    pdf.embedFont(bold, { subset: true, customName: "NotoSans-Bold" }),
  ]);
  const font = cachingFontkit.create(regular) as FontkitFont;
  const drawable = (s: string) =>
    [...s.normalize("NFC").replace(/[\t\r\n]+/g, " ")]
      .map((ch) => font.hasGlyphForCodePoint(ch.codePointAt(0)!) ? ch : "?").join("");
  return { regular: r, bold: b, drawable };
}

export interface PdfA3Meta {
  title: string;
  author: string;
  subject: string;
  keywords: string[];
  creator: string;
  /** The document's date: creation and modification (fixed, so a PDF made again is the same). */
  date: Date;
  lang: string;
}

export interface FacturXAttachment {
  xml: string;
  /** Factur-X's `ConformanceLevel`: "EN 16931". */
  conformanceLevel: string;
  /** A short text about the file. */
  description: string;
}

const PRODUCER = "pdf-lib with Noto Sans (PDF/A-3b, Factur-X)";
const FX_NS = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#";

/** XMP's date: "2026-03-01T10:00:00Z" (the Info dictionary's D:20260301100000Z). */
const xmpDate = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

function fxProperty(name: string, description: string) {
  return `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name>` +
    `<pdfaProperty:valueType>Text</pdfaProperty:valueType>` +
    `<pdfaProperty:category>external</pdfaProperty:category>` +
    `<pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`;
}

/** The XMP of a Factur-X (the `fx` schema and its PDF/A extension), or of a plain PDF/A-3. */
function xmp(meta: PdfA3Meta, fx: FacturXAttachment | null, documentId: string): string {
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
<pdfaid:part>3</pdfaid:part>
<pdfaid:conformance>B</pdfaid:conformance>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(meta.title)}</rdf:li></rdf:Alt></dc:title>
<dc:creator><rdf:Seq><rdf:li>${xmlText(meta.author)}</rdf:li></rdf:Seq></dc:creator>
<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${
    xmlText(meta.subject)
  }</rdf:li></rdf:Alt></dc:description>
<dc:language><rdf:Bag><rdf:li>${xmlText(meta.lang)}</rdf:li></rdf:Bag></dc:language>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<pdf:Producer>${xmlText(PRODUCER)}</pdf:Producer>
<pdf:Keywords>${xmlText(meta.keywords.join(" "))}</pdf:Keywords>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
<xmp:CreatorTool>${xmlText(meta.creator)}</xmp:CreatorTool>
<xmp:CreateDate>${xmpDate(meta.date)}</xmp:CreateDate>
<xmp:ModifyDate>${xmpDate(meta.date)}</xmp:ModifyDate>
<xmp:MetadataDate>${xmpDate(meta.date)}</xmp:MetadataDate>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
<xmpMM:DocumentID>uuid:${documentId}</xmpMM:DocumentID>
</rdf:Description>
${fx ? facturXSchemas(fx) : ""}</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/** The Factur-X `fx` schema, declared in a PDF/A extension schema, and its values. */
function facturXSchemas(fx: FacturXAttachment): string {
  return `<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
<pdfaSchema:namespaceURI>${FX_NS}</pdfaSchema:namespaceURI>
<pdfaSchema:prefix>fx</pdfaSchema:prefix>
<pdfaSchema:property><rdf:Seq>${
    fxProperty("DocumentFileName", "name of the embedded XML invoice file") +
    fxProperty("DocumentType", "INVOICE") +
    fxProperty("Version", "The actual version of the Factur-X XML schema") +
    fxProperty("ConformanceLevel", "The conformance level of the embedded Factur-X data")
  }</rdf:Seq></pdfaSchema:property>
</rdf:li></rdf:Bag></pdfaExtension:schemas>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:fx="${FX_NS}">
<fx:DocumentType>INVOICE</fx:DocumentType>
<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>
<fx:Version>1.0</fx:Version>
<fx:ConformanceLevel>${xmlText(fx.conformanceLevel)}</fx:ConformanceLevel>
</rdf:Description>
`;
}

let icc: Uint8Array | null = null;

/** 16 bytes of SHA-256 of a text, as hex: the document's stable identity. */
async function digest(text: string): Promise<string> {
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return toHex(new Uint8Array(hash).slice(0, 16));
}

/**
 * Makes `pdf` (drawn with `embedNotoSans`' fonts only, opaque DeviceRGB colours) a PDF/A-3b,
 * a Factur-X carrying `fx.xml` when given (a quote or pro-forma carries no XML). `identity`
 * names the document for good (its file ID and XMP DocumentID derive from it).
 */
export async function finishPdfA3(
  pdf: PDFDocument,
  meta: PdfA3Meta,
  fx: FacturXAttachment | null,
  identity: string,
): Promise<Uint8Array> {
  pdf.setTitle(meta.title, { showInWindowTitleBar: true });
  pdf.setAuthor(meta.author);
  pdf.setSubject(meta.subject);
  pdf.setKeywords(meta.keywords);
  pdf.setCreator(meta.creator);
  pdf.setProducer(PRODUCER);
  pdf.setCreationDate(meta.date);
  pdf.setModificationDate(meta.date);
  pdf.setLanguage(meta.lang);

  const id = await digest(identity);
  const { context, catalog } = pdf;
  const uuid = `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${
    id.slice(20, 32)
  }`;
  // Metadata streams stay unfiltered (PDF/A), UTF-8.
  const metadata = context.stream(new TextEncoder().encode(xmp(meta, fx, uuid)), {
    Type: "Metadata",
    Subtype: "XML",
  });
  catalog.set(PDFName.of("Metadata"), context.register(metadata));

  // Compressed once per process, not once per document.
  icc ??= zlibSync(fromBase64(SRGB_ICC), { level: 9 });
  const profile = context.register(context.stream(icc, { N: 3, Filter: "FlateDecode" }));
  const intent = context.obj({
    Type: "OutputIntent",
    S: "GTS_PDFA1",
    OutputConditionIdentifier: PDFString.of("sRGB IEC61966-2.1"),
    Info: PDFString.of("sRGB IEC61966-2.1"),
    DestOutputProfile: profile,
  });
  catalog.set(PDFName.of("OutputIntents"), context.obj([context.register(intent)]));

  if (fx) {
    await pdf.attach(new TextEncoder().encode(fx.xml), "factur-x.xml", {
      mimeType: "text/xml",
      description: fx.description,
      creationDate: meta.date,
      modificationDate: meta.date,
      afRelationship: AFRelationship.Alternative,
    });
  }

  const fileId = PDFHexString.of(id.toUpperCase());
  context.trailerInfo.ID = context.obj([fileId, fileId]);
  return await pdf.save({ useObjectStreams: false });
}
