import {
  type Address,
  amount,
  type EInvoice,
  type Party,
  percent,
  type VatBreakdown,
} from "./en16931.ts";
import { el, leaf, leafAt, XML_DECLARATION, type XmlChild } from "./xml.ts";

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

/** A date element: "2026-01-15" in format 102, "20260115". */
const date102 = (name: string, day: string) =>
  leafAt(`${name}/udt:DateTimeString`, day.replaceAll("-", ""), { format: "102" });

const money = (path: string, cents: number, currency?: string) =>
  leafAt(path, amount(cents), currency ? { currencyID: currency } : undefined);

function address(a: Address): XmlChild {
  return el(
    "ram:PostalTradeAddress",
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
    // A registration that is not an EU VAT number: the buyer's id (BT-46) beside a SIREN, else
    // its legal registration (BT-47) without a scheme.
    leaf("ram:ID", p.siren ? p.otherTaxId : null),
    p.globalId && leaf("ram:GlobalID", p.globalId.id, { schemeID: p.globalId.scheme }),
    leaf("ram:Name", p.name),
    p.siren
      ? leafAt("ram:SpecifiedLegalOrganization/ram:ID", p.siren, { schemeID: "0002" })
      : leafAt("ram:SpecifiedLegalOrganization/ram:ID", p.otherTaxId),
    address(p.address),
    p.endpoint &&
      leafAt("ram:URIUniversalCommunication/ram:URIID", p.endpoint.id, {
        schemeID: p.endpoint.scheme,
      }),
    leafAt("ram:SpecifiedTaxRegistration/ram:ID", p.vatNumber, { schemeID: "VA" }),
  );
}

/**
 * A VAT category and rate (`ram:ApplicableTradeTax`): a line's (BG-30), or a group of the
 * breakdown (BG-23) with its amounts and exemption, in the schema's order.
 */
function tradeTax(v: Pick<VatBreakdown, "category" | "rateBp"> & Partial<VatBreakdown>) {
  return el(
    "ram:ApplicableTradeTax",
    v.vatCents != null && money("ram:CalculatedAmount", v.vatCents),
    leaf("ram:TypeCode", "VAT"),
    leaf("ram:ExemptionReason", v.exemptionText),
    v.taxableCents != null && money("ram:BasisAmount", v.taxableCents),
    leaf("ram:CategoryCode", v.category),
    leaf("ram:ExemptionReasonCode", v.exemptionCode),
    leaf("ram:RateApplicablePercent", percent(v.rateBp)),
  );
}

/** The CII XML of a document (UTF-8 text, no trailing newline). */
export function toCii(inv: EInvoice): string {
  const c = inv.currency;
  const lines = inv.lines.map((l) =>
    el(
      "ram:IncludedSupplyChainTradeLineItem",
      leafAt("ram:AssociatedDocumentLineDocument/ram:LineID", l.id),
      leafAt("ram:SpecifiedTradeProduct/ram:Name", l.name),
      money(
        "ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount",
        l.netUnitCents,
      ),
      leafAt("ram:SpecifiedLineTradeDelivery/ram:BilledQuantity", l.quantity, { unitCode: "C62" }),
      el(
        "ram:SpecifiedLineTradeSettlement",
        tradeTax(l),
        money("ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount", l.netCents),
      ),
    )
  );
  const t = inv.totals;
  return XML_DECLARATION + el(
    "rsm:CrossIndustryInvoice",
    NS,
    el(
      "rsm:ExchangedDocumentContext",
      leafAt("ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID", inv.businessProcess),
      leafAt("ram:GuidelineSpecifiedDocumentContextParameter/ram:ID", CII_GUIDELINE),
    ),
    el(
      "rsm:ExchangedDocument",
      leaf("ram:ID", inv.number),
      leaf("ram:TypeCode", inv.typeCode),
      date102("ram:IssueDateTime", inv.issueDate),
      inv.notes.map((n) =>
        el(
          "ram:IncludedNote",
          leaf("ram:Content", n.text),
          leaf("ram:SubjectCode", n.subject),
        )
      ),
    ),
    el(
      "rsm:SupplyChainTradeTransaction",
      lines,
      el(
        "ram:ApplicableHeaderTradeAgreement",
        leaf("ram:BuyerReference", inv.buyerReference),
        party("ram:SellerTradeParty", inv.seller),
        party("ram:BuyerTradeParty", inv.buyer),
        leafAt("ram:SellerOrderReferencedDocument/ram:IssuerAssignedID", inv.salesOrder),
        leafAt("ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID", inv.purchaseOrder),
      ),
      el(
        "ram:ApplicableHeaderTradeDelivery",
        el(
          "ram:ShipToTradeParty",
          leaf("ram:Name", inv.delivery.name),
          address(inv.delivery.address),
        ),
        inv.deliveryDate &&
          date102("ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime", inv.deliveryDate),
      ),
      el(
        "ram:ApplicableHeaderTradeSettlement",
        // BT-83: the RF reference a transfer quotes.
        leaf("ram:PaymentReference", inv.paymentMeans.reference),
        leaf("ram:InvoiceCurrencyCode", c),
        el(
          "ram:SpecifiedTradeSettlementPaymentMeans",
          leaf("ram:TypeCode", inv.paymentMeans.code),
          leaf("ram:Information", inv.paymentMeans.text),
          leafAt("ram:PayeePartyCreditorFinancialAccount/ram:IBANID", inv.paymentMeans.iban),
          leafAt("ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID", inv.paymentMeans.bic),
        ),
        inv.vat.map(tradeTax),
        inv.period &&
          el(
            "ram:BillingSpecifiedPeriod",
            date102("ram:StartDateTime", inv.period.start),
            date102("ram:EndDateTime", inv.period.end),
          ),
        (inv.paymentTerms || inv.dueDate) &&
          el(
            "ram:SpecifiedTradePaymentTerms",
            leaf("ram:Description", inv.paymentTerms),
            inv.dueDate && date102("ram:DueDateDateTime", inv.dueDate),
          ),
        el(
          "ram:SpecifiedTradeSettlementHeaderMonetarySummation",
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
            leaf("ram:IssuerAssignedID", inv.precedingInvoice),
            inv.precedingInvoiceDate &&
              leafAt(
                "ram:FormattedIssueDateTime/qdt:DateTimeString",
                inv.precedingInvoiceDate.replaceAll("-", ""),
                { format: "102" },
              ),
          ),
      ),
    ),
  );
}
