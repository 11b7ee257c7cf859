import { type Address, amount, type EInvoice, type Party, percent } from "./en16931.ts";
import { el, leaf, XML_DECLARATION, type XmlChild } from "./xml.ts";

/**
 * The UN/CEFACT Cross Industry Invoice (D16B) of a document, profile EN 16931: the XML a
 * Factur-X PDF carries as `factur-x.xml`. Element order follows the D16B schema.
 */

/** Factur-X 1.0's EN 16931 profile ("COMFORT"): the standard itself. */
export const CII_GUIDELINE = "urn:cen.eu:en16931:2017";

const NS = {
  "xmlns:rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
  "xmlns:ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
  "xmlns:qdt": "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
  "xmlns:udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
};

/** "2026-01-15" -> format 102: "20260115". */
const date102 = (day: string) =>
  el("udt:DateTimeString", { format: "102" }, day.replaceAll("-", ""));

const money = (name: string, cents: number, currency?: string) =>
  leaf(name, amount(cents), currency ? { currencyID: currency } : undefined);

function address(a: Address): XmlChild {
  return el(
    "ram:PostalTradeAddress",
    null,
    leaf("ram:PostcodeCode", a.postcode),
    leaf("ram:LineOne", a.lines[0]),
    leaf("ram:LineTwo", a.lines[1]),
    leaf("ram:LineThree", a.lines[2]),
    leaf("ram:CityName", a.city),
    leaf("ram:CountryID", a.countryCode),
    leaf("ram:CountrySubDivisionName", a.region),
  );
}

function party(name: string, p: Party): XmlChild {
  return el(
    name,
    null,
    leaf("ram:Name", p.name),
    p.siren &&
      el("ram:SpecifiedLegalOrganization", null, leaf("ram:ID", p.siren, { schemeID: "0002" })),
    address(p.address),
    p.email &&
      el("ram:URIUniversalCommunication", null, leaf("ram:URIID", p.email, { schemeID: "EM" })),
    p.vatNumber &&
      el("ram:SpecifiedTaxRegistration", null, leaf("ram:ID", p.vatNumber, { schemeID: "VA" })),
  );
}

/** The CII XML of a document (UTF-8 text, no trailing newline). */
export function toCii(inv: EInvoice): string {
  const c = inv.currency;
  const lines = inv.lines.map((l) =>
    el(
      "ram:IncludedSupplyChainTradeLineItem",
      null,
      el("ram:AssociatedDocumentLineDocument", null, leaf("ram:LineID", l.id)),
      el("ram:SpecifiedTradeProduct", null, leaf("ram:Name", l.name)),
      el(
        "ram:SpecifiedLineTradeAgreement",
        null,
        el("ram:NetPriceProductTradePrice", null, money("ram:ChargeAmount", l.netUnitCents)),
      ),
      el(
        "ram:SpecifiedLineTradeDelivery",
        null,
        leaf("ram:BilledQuantity", l.quantity, { unitCode: "C62" }),
      ),
      el(
        "ram:SpecifiedLineTradeSettlement",
        null,
        el(
          "ram:ApplicableTradeTax",
          null,
          leaf("ram:TypeCode", "VAT"),
          leaf("ram:CategoryCode", l.category),
          leaf("ram:RateApplicablePercent", percent(l.rateBp)),
        ),
        el(
          "ram:SpecifiedTradeSettlementLineMonetarySummation",
          null,
          money("ram:LineTotalAmount", l.netCents),
        ),
      ),
    )
  );
  const t = inv.totals;
  // An intra-EU supply states its period (BR-IC-11): the goods are invoiced as they are sold.
  const period = inv.vat.some((v) => v.category === "K") &&
    el(
      "ram:BillingSpecifiedPeriod",
      null,
      el("ram:StartDateTime", null, date102(inv.issueDate)),
      el("ram:EndDateTime", null, date102(inv.issueDate)),
    );
  return XML_DECLARATION + el(
    "rsm:CrossIndustryInvoice",
    NS,
    el(
      "rsm:ExchangedDocumentContext",
      null,
      el("ram:GuidelineSpecifiedDocumentContextParameter", null, leaf("ram:ID", CII_GUIDELINE)),
    ),
    el(
      "rsm:ExchangedDocument",
      null,
      leaf("ram:ID", inv.number),
      leaf("ram:TypeCode", inv.typeCode),
      el("ram:IssueDateTime", null, date102(inv.issueDate)),
      inv.notes.map((n) =>
        el(
          "ram:IncludedNote",
          null,
          leaf("ram:Content", n.text),
          leaf("ram:SubjectCode", n.subject),
        )
      ),
    ),
    el(
      "rsm:SupplyChainTradeTransaction",
      null,
      lines,
      el(
        "ram:ApplicableHeaderTradeAgreement",
        null,
        party("ram:SellerTradeParty", inv.seller),
        party("ram:BuyerTradeParty", inv.buyer),
        el("ram:SellerOrderReferencedDocument", null, leaf("ram:IssuerAssignedID", inv.salesOrder)),
        el(
          "ram:BuyerOrderReferencedDocument",
          null,
          leaf("ram:IssuerAssignedID", inv.purchaseOrder),
        ),
      ),
      el(
        "ram:ApplicableHeaderTradeDelivery",
        null,
        el(
          "ram:ShipToTradeParty",
          null,
          leaf("ram:Name", inv.delivery.name),
          address(inv.delivery.address),
        ),
      ),
      el(
        "ram:ApplicableHeaderTradeSettlement",
        null,
        leaf("ram:InvoiceCurrencyCode", c),
        el(
          "ram:SpecifiedTradeSettlementPaymentMeans",
          null,
          leaf("ram:TypeCode", inv.paymentMeans.code),
          leaf("ram:Information", inv.paymentMeans.text),
        ),
        inv.vat.map((v) =>
          el(
            "ram:ApplicableTradeTax",
            null,
            money("ram:CalculatedAmount", v.vatCents),
            leaf("ram:TypeCode", "VAT"),
            leaf("ram:ExemptionReason", v.exemptionText),
            money("ram:BasisAmount", v.taxableCents),
            leaf("ram:CategoryCode", v.category),
            leaf("ram:ExemptionReasonCode", v.exemptionCode),
            leaf("ram:RateApplicablePercent", percent(v.rateBp)),
          )
        ),
        period,
        el(
          "ram:SpecifiedTradeSettlementHeaderMonetarySummation",
          null,
          money("ram:LineTotalAmount", t.lineNetCents),
          money("ram:TaxBasisTotalAmount", t.taxBasisCents),
          money("ram:TaxTotalAmount", t.vatCents, c),
          money("ram:GrandTotalAmount", t.grossCents),
          money("ram:TotalPrepaidAmount", t.prepaidCents),
          money("ram:DuePayableAmount", t.dueCents),
        ),
        inv.precedingInvoice &&
          el(
            "ram:InvoiceReferencedDocument",
            null,
            leaf("ram:IssuerAssignedID", inv.precedingInvoice),
          ),
      ),
    ),
  );
}
