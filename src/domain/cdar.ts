import type { InvoiceDocument } from "./invoice.ts";
import { el, leaf, leafAt, XML_DECLARATION } from "./xml.ts";

/**
 * The lifecycle message of the French e-invoicing reform (CDV: UN/CEFACT Cross-Domain
 * Acknowledgement and Response D22B, as XP Z12-012 profiles it): the one the seller sends ("212
 * Collected") and the ones it reads (a buyer's or a platform's status of a document). Written to
 * pass the CDAR XML Schema and the FNFE-MPE's BR-FR-CDV rules (tests/fixtures/einvoice-fr/cdar/).
 */

const NS = {
  "xmlns:rsm": "urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100",
  "xmlns:ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
  "xmlns:qdt": "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
  "xmlns:udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
};

/** Format 204: YYYYMMDDHHMMSS (UTC, as the instant is kept). */
const dateTime204 = (iso: string) => iso.replace(/[-:]/g, "").replace("T", "").slice(0, 14);

/** The 9 digits of a French company: its SIREN, else those its French VAT number carries. */
export function frenchSiren(party: { siren: string | null; vatNumber: string | null }) {
  if (party.siren) return party.siren;
  const vat = party.vatNumber?.replace(/\s/g, "").toUpperCase() ?? "";
  return /^FR[0-9A-Z]{2}\d{9}$/.test(vat) ? vat.slice(4) : null;
}

/**
 * The seller's "212 Collected" of one of its documents, addressed to the buyer (MDT-57, its
 * SIREN as its electronic address, scheme 0225) through the platforms: a treatment-phase status
 * (MDT-77 = 23) issued by the seller (SE), the amount collected per VAT rate, VAT included
 * (MDG-43 "MEN", rule BR-FR-CDV-14). The seller's platform signs it as sender (WK) and makes
 * the administration's copy itself.
 */
export function collectedMessage(doc: InvoiceDocument, m: {
  id: string;
  issuedAt: string;
  /** When the platform took the document (its 200 Deposited). */
  depositedAt?: string;
}): string {
  const buyer = frenchSiren(doc.buyer);
  const seller = el(
    "ram:IssuerTradeParty",
    leaf("ram:GlobalID", doc.seller.siren, { schemeID: "0002" }),
  );
  const collected = doc.vat.map((g) =>
    el(
      "ram:SpecifiedDocumentCharacteristic",
      leaf("ram:TypeCode", "MEN"),
      leaf("ram:ValueAmount", (g.grossCents / 100).toFixed(2), { currencyID: doc.currency }),
      leaf("ram:ValuePercent", (g.rateBp / 100).toFixed(2)),
    )
  );
  return XML_DECLARATION + el(
    "rsm:CrossDomainAcknowledgementAndResponse",
    NS,
    el(
      "rsm:ExchangedDocumentContext",
      leafAt("ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID", "REGULATED"),
      leafAt(
        "ram:GuidelineSpecifiedDocumentContextParameter/ram:ID",
        "urn.cpro.gouv.fr:1p0:CDV:invoice",
      ),
    ),
    el(
      "rsm:ExchangedDocument",
      leaf("ram:ID", m.id),
      el(
        "ram:IssueDateTime",
        leaf("udt:DateTimeString", dateTime204(m.issuedAt), { format: "204" }),
      ),
      el("ram:SenderTradeParty", leaf("ram:RoleCode", "WK")),
      el(
        "ram:IssuerTradeParty",
        leaf("ram:GlobalID", doc.seller.siren, { schemeID: "0002" }),
        leaf("ram:Name", doc.seller.legalName),
        leaf("ram:RoleCode", "SE"),
      ),
      el(
        "ram:RecipientTradeParty",
        leaf("ram:GlobalID", buyer, { schemeID: "0002" }),
        leaf("ram:Name", doc.buyer.company ?? doc.buyer.name),
        leaf("ram:RoleCode", "BY"),
        el(
          "ram:URIUniversalCommunication",
          leaf("ram:URIID", buyer, { schemeID: "0225" }),
        ),
      ),
    ),
    el(
      "rsm:AcknowledgementDocument",
      el("ram:MultipleReferencesIndicator", leaf("udt:Indicator", "false")),
      leaf("ram:TypeCode", "23"),
      el(
        "ram:IssueDateTime",
        leaf("udt:DateTimeString", dateTime204(m.issuedAt), { format: "204" }),
      ),
      el(
        "ram:ReferenceReferencedDocument",
        leaf("ram:IssuerAssignedID", doc.number),
        leaf("ram:TypeCode", doc.kind === "credit_note" ? "381" : "380"),
        m.depositedAt
          ? el(
            "ram:ReceiptDateTime",
            leaf("udt:DateTimeString", dateTime204(m.depositedAt), { format: "204" }),
          )
          : "",
        el(
          "ram:FormattedIssueDateTime",
          leaf("qdt:DateTimeString", doc.issueDate.replace(/-/g, ""), { format: "102" }),
        ),
        leaf("ram:ProcessConditionCode", 212),
        leaf("ram:ProcessCondition", "Encaissée"),
        seller,
        el("ram:SpecifiedDocumentStatus", leaf("ram:SequenceNumeric", 1), collected),
      ),
    ),
  );
}

/** What a lifecycle message received says: the document, its status and the reason given. */
export interface LifecycleEvent {
  documentNumber: string;
  code: number;
  reason: string | null;
}

const tagText = (xml: string, tag: string) => {
  const m = xml.match(new RegExp(`<(?:\\w+:)?${tag}(?:\\s[^>]*)?>([^<]*)</(?:\\w+:)?${tag}>`));
  return m ? unescape(m[1].trim()) : null;
};
const unescape = (s: string) =>
  s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** Reads a CDAR lifecycle message; null when it names no document or no status. */
export function readCdar(xml: string): LifecycleEvent | null {
  const ref = xml.match(
    /<(?:\w+:)?ReferenceReferencedDocument[\s>][\s\S]*?<\/(?:\w+:)?ReferenceReferencedDocument>/,
  )?.[0];
  if (!ref) return null;
  const documentNumber = tagText(ref, "IssuerAssignedID");
  const code = Number(tagText(ref, "ProcessConditionCode"));
  if (!documentNumber || !Number.isInteger(code) || code <= 0) return null;
  const reason = [tagText(ref, "ReasonCode"), tagText(ref, "Reason")].filter(Boolean).join(": ");
  return { documentNumber, code, reason: reason || null };
}
