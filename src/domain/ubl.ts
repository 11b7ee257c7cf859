import { type Address, amount, type EInvoice, type Party, percent } from "./en16931.ts";
import { el, leaf, leafAt, XML_DECLARATION, type XmlChild } from "./xml.ts";

/**
 * The OASIS UBL 2.1 Invoice or CreditNote of a document, EN 16931 (the other syntax buyers'
 * software reads), written from the same model as the CII, so every figure is the same.
 */

const CUSTOMIZATION = "urn:cen.eu:en16931:2017";
const CAC = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2";
const CBC = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2";

const VAT_SCHEME = leafAt("cac:TaxScheme/cbc:ID", "VAT");

function address(name: string, a: Address): XmlChild {
  return el(
    name,
    leaf("cbc:StreetName", a.lines[0]),
    leaf("cbc:AdditionalStreetName", a.lines[1]),
    leaf("cbc:CityName", a.city),
    leaf("cbc:PostalZone", a.postcode),
    leaf("cbc:CountrySubentity", a.region),
    leafAt("cac:AddressLine/cbc:Line", a.lines[2]),
    leafAt("cac:Country/cbc:IdentificationCode", a.countryCode),
  );
}

function party(name: string, p: Party): XmlChild {
  return el(
    name,
    el(
      "cac:Party",
      p.endpoint && leaf("cbc:EndpointID", p.endpoint.id, { schemeID: p.endpoint.scheme }),
      // A registration that is not an EU VAT number: the buyer's id (BT-46) beside a SIREN, else
      // its legal registration (BT-47) without a scheme.
      leafAt("cac:PartyIdentification/cbc:ID", p.siren ? p.otherTaxId : null),
      p.globalId &&
        leafAt("cac:PartyIdentification/cbc:ID", p.globalId.id, { schemeID: p.globalId.scheme }),
      address("cac:PostalAddress", p.address),
      p.vatNumber &&
        el(
          "cac:PartyTaxScheme",
          leaf("cbc:CompanyID", p.vatNumber),
          VAT_SCHEME,
        ),
      el(
        "cac:PartyLegalEntity",
        leaf("cbc:RegistrationName", p.name),
        p.siren
          ? leaf("cbc:CompanyID", p.siren, { schemeID: "0002" })
          : leaf("cbc:CompanyID", p.otherTaxId),
      ),
    ),
  );
}

/** The UBL XML of a document: an Invoice (380) or a CreditNote (381). */
export function toUbl(inv: EInvoice): string {
  const credit = inv.typeCode === "381";
  const root = credit ? "CreditNote" : "Invoice";
  const c = inv.currency;
  const money = (path: string, cents: number) => leafAt(path, amount(cents), { currencyID: c });
  const category = (name: string, id: string, bp: number, extra: XmlChild = null) =>
    el(
      name,
      leaf("cbc:ID", id),
      leaf("cbc:Percent", percent(bp)),
      extra,
      VAT_SCHEME,
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
    leaf("cbc:ProfileID", inv.businessProcess),
    leaf("cbc:ID", inv.number),
    leaf("cbc:IssueDate", inv.issueDate),
    !credit && leaf("cbc:DueDate", inv.dueDate),
    leaf(credit ? "cbc:CreditNoteTypeCode" : "cbc:InvoiceTypeCode", inv.typeCode),
    inv.notes.map((n) => leaf("cbc:Note", `#${n.subject}#${n.text}`)),
    leaf("cbc:DocumentCurrencyCode", c),
    leaf("cbc:BuyerReference", inv.buyerReference),
    inv.period &&
      el(
        "cac:InvoicePeriod",
        leaf("cbc:StartDate", inv.period.start),
        leaf("cbc:EndDate", inv.period.end),
      ),
    el(
      "cac:OrderReference",
      // UBL needs an order ID beside the sales order: "NA" when the buyer gave none.
      leaf("cbc:ID", inv.purchaseOrder ?? "NA"),
      leaf("cbc:SalesOrderID", inv.salesOrder),
    ),
    inv.precedingInvoice &&
      el(
        "cac:BillingReference",
        el(
          "cac:InvoiceDocumentReference",
          leaf("cbc:ID", inv.precedingInvoice),
          leaf("cbc:IssueDate", inv.precedingInvoiceDate),
        ),
      ),
    party("cac:AccountingSupplierParty", inv.seller),
    party("cac:AccountingCustomerParty", inv.buyer),
    el(
      "cac:Delivery",
      leaf("cbc:ActualDeliveryDate", inv.deliveryDate),
      el("cac:DeliveryLocation", address("cac:Address", inv.delivery.address)),
      leafAt("cac:DeliveryParty/cac:PartyName/cbc:Name", inv.delivery.name),
    ),
    el(
      "cac:PaymentMeans",
      leaf("cbc:PaymentMeansCode", inv.paymentMeans.code, { name: inv.paymentMeans.text }),
      leaf("cbc:PaymentID", inv.paymentMeans.reference),
      inv.paymentMeans.iban &&
        el(
          "cac:PayeeFinancialAccount",
          leaf("cbc:ID", inv.paymentMeans.iban),
          leafAt("cac:FinancialInstitutionBranch/cbc:ID", inv.paymentMeans.bic),
        ),
    ),
    leafAt("cac:PaymentTerms/cbc:Note", inv.paymentTerms),
    el(
      "cac:TaxTotal",
      money("cbc:TaxAmount", t.vatCents),
      inv.vat.map((v) =>
        el(
          "cac:TaxSubtotal",
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
      money("cbc:LineExtensionAmount", t.lineNetCents),
      money("cbc:TaxExclusiveAmount", t.taxBasisCents),
      money("cbc:TaxInclusiveAmount", t.grossCents),
      money("cbc:PrepaidAmount", t.prepaidCents),
      money("cbc:PayableAmount", t.dueCents),
    ),
    inv.lines.map((l) =>
      el(
        credit ? "cac:CreditNoteLine" : "cac:InvoiceLine",
        leaf("cbc:ID", l.id),
        leaf(credit ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity", l.quantity, {
          unitCode: "C62",
        }),
        money("cbc:LineExtensionAmount", l.netCents),
        el(
          "cac:Item",
          leaf("cbc:Name", l.name),
          category("cac:ClassifiedTaxCategory", l.category, l.rateBp),
        ),
        money("cac:Price/cbc:PriceAmount", l.netUnitCents),
      )
    ),
  );
}
