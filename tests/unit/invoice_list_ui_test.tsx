import { renderToString } from "preact-render-to-string";
import InvoiceList from "../../src/components/admin/InvoiceList.tsx";
import { assert, assertStringIncludes } from "../_lib/assert.ts";

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
const result = (net: number, crossed = false, registered = false) => ({
  from: "2026-11-01",
  to: "2026-11-30",
  documents: [],
  totals: [],
  oss: {
    year: "2026",
    registered,
    net,
    threshold: 10_000,
    crossed,
    warning: !crossed && net >= 8_000,
  },
});

Deno.test("[unit] Invoices screen: the year's EU distance sales against the EUR 10,000 threshold, warned from 80%", () => {
  const under = text(renderToString(<InvoiceList result={result(4_200)} exportQuery="" />));
  assertStringIncludes(under, "EU distance sales in 2026");
  assertStringIncludes(under, "€4,200.00 of €10,000.00");
  assertStringIncludes(under, "Under the threshold: EU consumers pay French VAT.");
  const near = renderToString(<InvoiceList result={result(8_100)} exportQuery="" />);
  assertStringIncludes(text(near), "Over 80% of the threshold");
  assert(near.includes('role="alert"'), "the warning is announced");
  const crossed = text(
    renderToString(<InvoiceList result={result(10_400, true)} exportQuery="" />),
  );
  assertStringIncludes(crossed, "Threshold passed");
  const registered = text(
    renderToString(<InvoiceList result={result(10_400, true, true)} exportQuery="" />),
  );
  assertStringIncludes(registered, "VAT_OSS=on");
  for (const link of ["/api/invoices/oss.csv?", "/api/invoices/ec-sales-list.csv?"]) {
    assert(renderToString(<InvoiceList result={result(0)} exportQuery="" />).includes(link));
  }
});

Deno.test("[unit] Invoices screen: French VAT and Austrian VAT at 20% are two totals, each with its scheme, country and CA3 box", () => {
  const total = (taxCountry: string, scheme: "domestic" | "distance_oss", box: string) => ({
    taxCountry,
    scheme,
    box,
    rateBp: 2000,
    category: "S",
    net: 100,
    vat: 20,
    gross: 120,
  });
  const html = text(renderToString(
    <InvoiceList
      result={{
        ...result(0),
        totals: [
          total("FR", "domestic", "CA3 A1 (01)"),
          total("AT", "distance_oss", "CA3 E3 (5A) / OSS return"),
        ],
      }}
      exportQuery=""
    />,
  ));
  assertStringIncludes(html, "Domestic: FR VAT 20% (Category S, CA3 A1 (01))");
  assertStringIncludes(
    html,
    "Distance sale taxed in destination (OSS): AT VAT 20% (Category S, CA3 E3 (5A) / OSS return)",
  );
});
