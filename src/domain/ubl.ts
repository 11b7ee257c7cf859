import { type Address, amount, type EInvoice, type Party, percent } from "./en16931.ts";
import { el, leaf, XML_DECLARATION, type XmlChild } from "./xml.ts";

/**
 * The OASIS UBL 2.1 Invoice or CreditNote of a document, EN 16931 (the other syntax buyers'
 * software reads), written from the same model as the CII, so every figure is the same.
 */

const CUSTOMIZATION = "urn:cen.eu:en16931:2017";
const CAC = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2";
const CBC = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2";

function address(name: string, a: Address): XmlChild {
  return el(
    name,
    null,
    leaf("cbc:StreetName", a.lines[0]),
    leaf("cbc:AdditionalStreetName", a.lines[1]),
    leaf("cbc:CityName", a.city),
    leaf("cbc:PostalZone", a.postcode),
    leaf("cbc:CountrySubentity", a.region),
    a.lines[2] && el("cac:AddressLine", null, leaf("cbc:Line", a.lines[2])),
    el("cac:Country", null, leaf("cbc:IdentificationCode", a.countryCode)),
  );
}

function party(name: string, p: Party): XmlChild {
  return el(
    name,
    null,
    el(
      "cac:Party",
      null,
      leaf("cbc:EndpointID", p.email, { schemeID: "EM" }),
      address("cac:PostalAddress", p.address),
      p.vatNumber &&
        el(
          "cac:PartyTaxScheme",
          null,
          leaf("cbc:CompanyID", p.vatNumber),
          el("cac:TaxScheme", null, leaf("cbc:ID", "VAT")),
        ),
      el(
        "cac:PartyLegalEntity",
        null,
        leaf("cbc:RegistrationName", p.name),
        leaf("cbc:CompanyID", p.siren, { schemeID: "0002" }),
      ),
    ),
  );
}

/** The UBL XML of a document: an Invoice (380) or a CreditNote (381). */
export function toUbl(inv: EInvoice): string {
  const credit = inv.typeCode === "381";
  const root = credit ? "CreditNote" : "Invoice";
  const c = inv.currency;
  const money = (name: string, cents: number) => leaf(name, amount(cents), { currencyID: c });
  const category = (name: string, id: string, bp: number, extra: XmlChild = null) =>
    el(
      name,
      null,
      leaf("cbc:ID", id),
      leaf("cbc:Percent", percent(bp)),
      extra,
      el("cac:TaxScheme", null, leaf("cbc:ID", "VAT")),
    );
  const t = inv.totals;
  return XML_DECLARATION + el(
    root,
    {
      xmlns: `urn:oasis:names:specification:ubl:schema:xsd:${root}-2`,
      "xmlns:cac": CAC,
      "xmlns:cbc": CBC,
    },
    leaf("cbc:CustomizationID", CUSTOMIZATION),
    leaf("cbc:ID", inv.number),
    leaf("cbc:IssueDate", inv.issueDate),
    leaf(credit ? "cbc:CreditNoteTypeCode" : "cbc:InvoiceTypeCode", inv.typeCode),
    inv.notes.map((n) => leaf("cbc:Note", `#${n.subject}#${n.text}`)),
    leaf("cbc:DocumentCurrencyCode", c),
    // An intra-EU supply states its period (BR-IC-11): the goods are invoiced as they are sold.
    inv.vat.some((v) => v.category === "K") &&
      el(
        "cac:InvoicePeriod",
        null,
        leaf("cbc:StartDate", inv.issueDate),
        leaf("cbc:EndDate", inv.issueDate),
      ),
    el(
      "cac:OrderReference",
      null,
      // UBL needs an order ID beside the sales order: "NA" when the buyer gave none.
      leaf("cbc:ID", inv.purchaseOrder ?? "NA"),
      leaf("cbc:SalesOrderID", inv.salesOrder),
    ),
    inv.precedingInvoice &&
      el(
        "cac:BillingReference",
        null,
        el("cac:InvoiceDocumentReference", null, leaf("cbc:ID", inv.precedingInvoice)),
      ),
    party("cac:AccountingSupplierParty", inv.seller),
    party("cac:AccountingCustomerParty", inv.buyer),
    el(
      "cac:Delivery",
      null,
      el("cac:DeliveryLocation", null, address("cac:Address", inv.delivery.address)),
      el("cac:DeliveryParty", null, el("cac:PartyName", null, leaf("cbc:Name", inv.delivery.name))),
    ),
    el(
      "cac:PaymentMeans",
      null,
      leaf("cbc:PaymentMeansCode", inv.paymentMeans.code, { name: inv.paymentMeans.text }),
    ),
    el(
      "cac:TaxTotal",
      null,
      money("cbc:TaxAmount", t.vatCents),
      inv.vat.map((v) =>
        el(
          "cac:TaxSubtotal",
          null,
          money("cbc:TaxableAmount", v.taxableCents),
          money("cbc:TaxAmount", v.vatCents),
          category("cac:TaxCategory", v.category, v.rateBp, [
            leaf("cbc:TaxExemptionReasonCode", v.exemptionCode),
            leaf("cbc:TaxExemptionReason", v.exemptionText),
          ]),
        )
      ),
    ),
    el(
      "cac:LegalMonetaryTotal",
      null,
      money("cbc:LineExtensionAmount", t.lineNetCents),
      money("cbc:TaxExclusiveAmount", t.taxBasisCents),
      money("cbc:TaxInclusiveAmount", t.grossCents),
      money("cbc:PrepaidAmount", t.prepaidCents),
      money("cbc:PayableAmount", t.dueCents),
    ),
    inv.lines.map((l) =>
      el(
        credit ? "cac:CreditNoteLine" : "cac:InvoiceLine",
        null,
        leaf("cbc:ID", l.id),
        leaf(credit ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity", l.quantity, {
          unitCode: "C62",
        }),
        money("cbc:LineExtensionAmount", l.netCents),
        el(
          "cac:Item",
          null,
          leaf("cbc:Name", l.name),
          category("cac:ClassifiedTaxCategory", l.category, l.rateBp),
        ),
        el("cac:Price", null, money("cbc:PriceAmount", l.netUnitCents)),
      )
    ),
  );
}
