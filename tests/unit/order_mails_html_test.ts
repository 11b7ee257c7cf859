import {
  orderConfirmationMail,
  orderRefundedMail,
  orderStatusMail,
} from "../../src/domain/order-mails.ts";
import { mailWords } from "../../src/i18n/mail-words.ts";
import type { Order } from "../../src/domain/order.ts";
import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { sketchOrder } from "../_lib/orders.ts";

const order = {
  ...sketchOrder({
    at: "2026-11-23T10:00:00.000Z",
    email: "ada@example.com",
    country: "France",
    lines: [{
      id: "p1",
      title: `Board <script>alert("x")</script>`,
      priceCents: 12_990,
      quantity: 2,
    }],
    feeCents: 1_500,
  }),
  id: "o1",
  orderNumber: "ORD-000042",
  schemaVersion: 1,
  updatedAt: "",
} as Order;
const site = { name: "Vectra", url: "https://shop.example" };
const en = mailWords("en");
const link = "https://shop.example/orders/ORD-000042?t=tok&x=1";

Deno.test("[unit] order mails: HTML and text from one view; escaped; the order page button; nothing loaded from anywhere", () => {
  const mails = [
    orderConfirmationMail(order, site, link, en),
    orderStatusMail(
      { ...order, status: "shipped", shipment: { carrier: "UPS", trackingNumber: "1Z999" } },
      site,
      link,
      en,
    )!,
    orderStatusMail({ ...order, status: "delivered" }, site, link, en)!,
    orderStatusMail({ ...order, status: "cancelled" }, site, link, en)!,
    orderRefundedMail(
      { ...order, refund: { at: "", amountCents: 27_480, id: "re_1" }, paymentStatus: "refunded" },
      site,
      link,
      en,
    ),
  ];
  for (const m of mails) {
    const html = m.html!;
    assertStringIncludes(html, `href="https://shop.example/orders/ORD-000042?t=tok&amp;x=1"`);
    assertStringIncludes(html, "View your order and invoice");
    assertStringIncludes(m.text, link);
    assertStringIncludes(html, `<meta name="color-scheme" content="light dark">`);
    assert(!/<img|<script|url\(|src=|@import/i.test(html), "no remote or active content");
    // Every link goes to the shop or a carrier's tracking page.
    for (const [, href] of html.matchAll(/href="([^"]+)"/g)) {
      assert(/^https:\/\/(shop\.example|www\.ups\.com)(\/|$)/.test(href), href);
    }
  }
  assertStringIncludes(mails[0].html!, "Board &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  assertStringIncludes(mails[1].html!, "https://www.ups.com/track?tracknum=1Z999");
  assertStringIncludes(mails[1].text, "Tracking number: 1Z999");
  assertStringIncludes(mails[4].text, "€274.80");
  assertEquals(mails.map((m) => m.subject), [
    "Your order ORD-000042 is confirmed",
    "Your order ORD-000042 has shipped",
    "Your order ORD-000042 has been delivered",
    "Your order ORD-000042 has been cancelled",
    "Your order ORD-000042 has been refunded",
  ]);
});

Deno.test("[unit] order mails: a French order's mails are in French, amounts in French format", () => {
  const fr = mailWords("fr");
  const mail = orderConfirmationMail(order, site, link, fr);
  assertStringIncludes(mail.subject, "Votre commande ORD-000042 est confirmée");
  assertStringIncludes(mail.text, `Bonjour ${order.customer.firstName},`);
  assertStringIncludes(mail.text, "Numéro de commande\u00a0: ORD-000042");
  assertStringIncludes(mail.text, "\u00a0€");
  assertStringIncludes(mail.html!, '<html lang="fr">');
  assertStringIncludes(mail.html!, "Voir votre commande et sa facture");
  const shipped = orderStatusMail(
    { ...order, status: "shipped", shipment: { carrier: "UPS", trackingNumber: "1Z999" } },
    site,
    link,
    fr,
  )!;
  assertStringIncludes(shipped.text, "Transporteur\u00a0: UPS");
  assertEquals(shipped.subject, "Votre commande ORD-000042 a été expédiée");
});
