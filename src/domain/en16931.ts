import { resolveCountryCode } from "./country-code.ts";
import { type InvoiceDocument, supplyDate } from "./invoice.ts";
import type { VatCategory } from "./tax.ts";
import { checkVatNumber } from "./vat-number.ts";

/**
 * An invoice or credit note as the European standard EN 16931 models it (its business terms,
 * BT-n), made once from the issued snapshot. The PDF page, the Factur-X CII and the UBL are all
 * written from this one model, so a figure cannot differ between them. Pure and deterministic:
 * the same snapshot always gives the same model.
 */

export interface Address {
  /** Street lines, at most three (BT-35, BT-36, BT-162). */
  lines: string[];
  city: string;
  postcode: string;
  region: string;
  /** ISO 3166-1 alpha-2 (Greece is GR in addresses, EL only in VAT numbers). */
  countryCode: string;
}

export interface Party {
  name: string;
  /** SIREN: the French legal registration (BT-30 / BT-47, scheme 0002). */
  siren: string | null;
  /** An EU VAT number (BT-31 / BT-48), its prefix a member state's. */
  vatNumber: string | null;
  /**
   * A buyer's tax or legal registration that is not an EU VAT number (a US EIN, a Swiss UID):
   * never BT-48 (BR-CO-09), but the legal registration (BT-47, no scheme), or, beside a SIREN,
   * the buyer's identifier (BT-46).
   */
  otherTaxId: string | null;
  address: Address;
  email: string | null;
  /** A public body's structure: its SIRET as the buyer's identifier (BT-46, scheme 0009). */
  globalId?: { id: string; scheme: "0009" } | null;
  /**
   * The electronic address invoices reach it at (BT-34 / BT-49): a French company's directory
   * address (scheme 0225: its SIREN, or what the directory holds), else its email (scheme EM).
   */
  endpoint: { id: string; scheme: "0225" | "EM" } | null;
}

/** One VAT category and rate of a document (BG-23). */
export interface VatBreakdown {
  category: VatCategory;
  rateBp: number;
  taxableCents: number;
  vatCents: number;
  /** VATEX code (BT-121) and the legal mention (BT-120) of an exempt category. */
  exemptionCode: string | null;
  exemptionText: string | null;
}

export interface Line {
  /** 1, 2, ... (BT-126). */
  id: string;
  name: string;
  quantity: number;
  /** Net unit price, excluding VAT (BT-146). */
  netUnitCents: number;
  /** Net amount of the line (BT-131): the lines of a rate add up to its taxable amount. */
  netCents: number;
  /** What the buyer pays for the line, VAT included (the page prints it beside). */
  grossCents: number;
  category: VatCategory;
  rateBp: number;
}

export interface Note {
  /** UNTDID 4451 subject (BT-21): REG regulatory, TXD tax, PMD penalties, AAB discount. */
  subject: "REG" | "TXD" | "PMD" | "PMT" | "AAB" | "AAI";
  text: string;
}

export interface EInvoice {
  /** 380 commercial invoice, 381 credit note (BT-3). */
  typeCode: "380" | "381";
  number: string;
  /** The shop day of issue, YYYY-MM-DD (BT-2). */
  issueDate: string;
  /**
   * The day of the supply (BT-72, actual delivery date), stated whenever it is not the day of
   * issue (art. 242 nonies A, I-7 CGI): a sale staff record with an earlier date, or a credit
   * note for an earlier sale. Null when the goods are sold the day they are invoiced.
   */
  deliveryDate: string | null;
  /**
   * The invoicing period (BG-14), which an intra-EU supply states when no delivery date does
   * (BR-IC-11): the day of issue, the goods being invoiced as they are sold. Null otherwise.
   */
  period: { start: string; end: string } | null;
  currency: string;
  /** A credit note's invoice (BT-25) and that invoice's issue date (BT-26), when kept. */
  precedingInvoice: string | null;
  precedingInvoiceDate: string | null;
  /** The business process (BT-23), the French reform's billing framework: B1, goods. */
  businessProcess: "B1";
  /** The buyer's purchase order (BT-13) and the shop's order number (BT-14). */
  purchaseOrder: string | null;
  salesOrder: string;
  /** The buyer's reference (BT-10): a public body's Chorus Pro service code. */
  buyerReference: string | null;
  notes: Note[];
  seller: Party;
  buyer: Party;
  /** Where the goods go (BG-13), with the name of who receives them. */
  delivery: { name: string; address: Address };
  lines: Line[];
  vat: VatBreakdown[];
  totals: {
    lineNetCents: number;
    taxBasisCents: number;
    vatCents: number;
    grossCents: number;
    /** Paid already (card online, or marked paid): the whole amount; nothing is due. */
    prepaidCents: number;
    dueCents: number;
  };
  /**
   * UNTDID 4461 (BT-81): 48 bank card, 1 not defined (paid on delivery), 58 SEPA credit
   * transfer (an order on account) with the seller's IBAN (BT-84), BIC (BT-86) and the
   * creditor reference the transfer quotes (BT-83, ISO 11649 RF).
   */
  paymentMeans: {
    code: "48" | "1" | "58";
    text: string;
    iban?: string;
    bic?: string;
    reference?: string;
  };
  /** When the amount due is to be paid (BT-9), for an invoice on terms. */
  dueDate: string | null;
  /** The payment terms (BT-20), for an invoice of an order on account. */
  paymentTerms: string | null;
}

export const GOODS_MENTION = "Livraison de biens";
// French typography: the apostrophe ’, a narrow no-break space before a colon.
export const VAT_ON_DEBITS_MENTION = "Option pour le paiement de la taxe d’après les débits";
/**
 * The payment mentions art. L441-9 of the Code de commerce asks of every invoice between
 * businesses, one coded note each as the French rules read them (BR-FR-05): PMD the late-payment
 * penalties, PMT the fixed recovery indemnity, AAB the (absent) early-payment discount.
 */
export const BUSINESS_PAYMENT_NOTES: readonly Note[] = [
  {
    subject: "PMD",
    text:
      "Pénalités de retard\u202f: trois fois le taux d’intérêt légal (art. L441-10 du Code de commerce).",
  },
  {
    subject: "PMT",
    text:
      "Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement\u202f: 40\u00a0€ (art. L441-10 et D441-5 du Code de commerce).",
  },
  { subject: "AAB", text: "Pas d’escompte pour paiement anticipé." },
];

/** The seller's address from `SELLER_ADDRESS` (lines separated by `;`): a French company. */
export function parseSellerAddress(text: string): Address {
  const lines = text.split(/\s*[;\n]\s*/).map((l) => l.trim()).filter(Boolean);
  if (lines.length > 1 && /^france$/i.test(lines[lines.length - 1])) lines.pop();
  const at = lines.findLastIndex((l) => /^\d{5}\s+\S/.test(l));
  if (at < 0) {
    return {
      lines: lines.slice(0, -1),
      city: lines.at(-1) ?? "",
      postcode: "",
      region: "",
      countryCode: "FR",
    };
  }
  const [, postcode, city] = /^(\d{5})\s+(.+)$/.exec(lines[at])!;
  return {
    lines: [...lines.slice(0, at), ...lines.slice(at + 1)].slice(0, 3),
    city,
    postcode,
    region: "",
    countryCode: "FR",
  };
}

/** A rate in basis points as EN 16931 writes it: 2000 -> "20", 550 -> "5.5", 0 -> "0". */
export const percent = (bp: number) => String(bp / 100);

/** Cents as the XML writes amounts: "1234.50", "-3.00". */
export const amount = (cents: number) => (cents / 100).toFixed(2);

/**
 * A line as every document prints and writes it: its unit price times its quantity is its net
 * amount to the cent (BR-LIN-04), amounts having two decimals. A net that does not divide by
 * the quantity (3 boards at 59.00 incl. VAT: 147.50 net) is split in two lines of the same
 * item, the first units a cent dearer (2 x 49.17 + 1 x 49.16), never a rounded unit price.
 */
export function exactLines(line: Omit<Line, "id">): Omit<Line, "id">[] {
  const { quantity: q, netCents } = line;
  if (q <= 0) return [line];
  const unit = Math.floor(netCents / q);
  const dearer = netCents - unit * q;
  if (dearer === 0) return [{ ...line, netUnitCents: unit }];
  const grossCents = Math.round(line.grossCents * dearer / q);
  return [
    {
      ...line,
      quantity: dearer,
      netUnitCents: unit + 1,
      netCents: (unit + 1) * dearer,
      grossCents,
    },
    {
      ...line,
      quantity: q - dearer,
      netUnitCents: unit,
      netCents: unit * (q - dearer),
      grossCents: line.grossCents - grossCents,
    },
  ];
}

/** An address of a snapshot (its country a name, as the buyer chose it). */
const snapshotAddress = (
  a: InvoiceDocument["address"],
  countryCode: string | null,
): Address => ({
  lines: [a.address].filter(Boolean),
  city: a.city,
  postcode: a.zipCode,
  region: a.state,
  countryCode: countryCode ?? resolveCountryCode(a.country) ?? "",
});

/**
 * The model of a snapshot: its lines (an invoice's: the order's and its shipping; a credit
 * note's: what it credits) with the nets the tax decision gave them, which add up to each VAT
 * group's taxable amount; the groups with their category, rate and exemption.
 */
export function toEInvoice(doc: InvoiceDocument): EInvoice {
  const items: Omit<Line, "id">[] = doc.lines.flatMap((l) =>
    exactLines({
      name: l.title,
      quantity: l.quantity,
      netUnitCents: l.unitNetCents,
      netCents: l.netCents,
      grossCents: l.totalCents,
      category: l.category,
      rateBp: l.rateBp,
    })
  );
  const lines: Line[] = items.map((l, i) => ({ id: String(i + 1), ...l }));
  if (doc.shippingCents > 0) {
    lines.push({
      id: String(lines.length + 1),
      name: "Frais de port / Shipping",
      quantity: 1,
      netUnitCents: doc.shippingNetCents,
      netCents: doc.shippingNetCents,
      grossCents: doc.shippingCents,
      category: doc.tax.category,
      rateBp: doc.tax.rateBp,
    });
  }
  const vat: VatBreakdown[] = doc.vat.map((v) => ({
    category: v.category,
    rateBp: v.rateBp,
    taxableCents: v.netCents,
    vatCents: v.vatCents,
    exemptionCode: v.exemptionReason,
    exemptionText: v.exemptionText,
  }));
  const lineNetCents = lines.reduce((n, l) => n + l.netCents, 0);
  const vatCents = vat.reduce((n, v) => n + v.vatCents, 0);
  const grossCents = lineNetCents + vatCents;

  const b = doc.buyer;
  const euVatNumber = b.vatNumber !== null && checkVatNumber(b.vatNumber).ok;
  const delivery = snapshotAddress(doc.address, doc.countryCode);
  const billing = doc.billingAddress === doc.address ||
      JSON.stringify(doc.billingAddress) === JSON.stringify(doc.address)
    ? delivery
    : snapshotAddress(doc.billingAddress, null);
  const invoice = doc.kind === "invoice";
  // A credit note keeps its invoice's sale, and so its day of supply.
  const supply = supplyDate(doc);
  const deliveryDate = supply !== doc.issueDate ? supply : null;
  const notes: Note[] = [
    { subject: "AAI", text: GOODS_MENTION },
    ...(doc.vatOnDebits ? [{ subject: "TXD" as const, text: VAT_ON_DEBITS_MENTION }] : []),
    ...(doc.mention ? [{ subject: "TXD" as const, text: doc.mention }] : []),
    ...(b.company ? BUSINESS_PAYMENT_NOTES : []),
  ];
  // An order on account's invoice: what is due, by when, to which account, quoting what.
  const account = invoice ? doc.account ?? null : null;
  const prepaidCents = account ? Math.min(account.paidCents, grossCents) : grossCents;
  return {
    typeCode: invoice ? "380" : "381",
    number: doc.number,
    // As issued and stored: a document made again later, even under another SHOP_TIMEZONE,
    // keeps its day.
    issueDate: doc.issueDate,
    deliveryDate,
    period: !deliveryDate && vat.some((v) => v.category === "K")
      ? { start: doc.issueDate, end: doc.issueDate }
      : null,
    currency: doc.currency,
    precedingInvoice: doc.refersTo,
    precedingInvoiceDate: doc.refersToDate ?? null,
    businessProcess: "B1",
    purchaseOrder: b.purchaseOrder,
    salesOrder: doc.orderNumber,
    buyerReference: b.serviceCode ?? null,
    notes,
    seller: {
      name: doc.seller.legalName,
      siren: doc.seller.siren,
      vatNumber: doc.seller.vatNumber,
      otherTaxId: null,
      address: parseSellerAddress(doc.seller.address),
      email: null,
      endpoint: { id: doc.sellerEndpoint ?? doc.seller.siren, scheme: "0225" },
    },
    buyer: {
      name: b.company ?? b.name,
      siren: b.siren,
      // What the buyer gave as its VAT number is one only when it reads as an EU VAT number
      // (a company outside the EU gives its own country's tax id).
      vatNumber: euVatNumber ? b.vatNumber : null,
      otherTaxId: euVatNumber ? null : b.vatNumber,
      address: billing,
      email: b.email || null,
      globalId: b.siret ? { id: b.siret, scheme: "0009" } : null,
      endpoint: b.siren
        ? { id: b.siren, scheme: "0225" }
        : b.email
        ? { id: b.email, scheme: "EM" }
        : null,
    },
    delivery: { name: b.company ? `${b.company} (${b.name})` : b.name, address: delivery },
    lines,
    vat,
    totals: {
      lineNetCents,
      taxBasisCents: lineNetCents,
      vatCents,
      grossCents,
      prepaidCents,
      dueCents: grossCents - prepaidCents,
    },
    paymentMeans: account
      ? {
        code: "58",
        text: "Virement SEPA / SEPA credit transfer",
        iban: account.iban,
        bic: account.bic,
        reference: account.reference,
      }
      : doc.paymentMethod === "online"
      ? { code: "48", text: "Carte bancaire / Card" }
      : { code: "1", text: "Payé à la livraison / Paid on delivery" },
    dueDate: account?.dueDate ?? null,
    paymentTerms: account ? paymentTermsText(account) : null,
  };
}

/** BT-20 of an order on account, in French and English as the invoice prints. */
export function paymentTermsText(
  a: { terms: "before_shipping" | "on_terms"; termsDays: number; dueDate: string | null },
): string {
  if (a.terms === "before_shipping") {
    return "Paiement par virement avant expédition / Payment by bank transfer before shipping";
  }
  const due = a.dueDate ? `, échéance ${a.dueDate} / due ${a.dueDate}` : "";
  return `Paiement par virement à ${a.termsDays} jours date de facture / Bank transfer within ${a.termsDays} days of the invoice${due}`;
}
