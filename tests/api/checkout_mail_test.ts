import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import {
  confirmPayment,
  createIntent,
  intentBody,
  payWithToken,
  productByName,
} from "../_lib/checkout.ts";
import { withServices } from "../_lib/services.ts";
import { smtpSink } from "../_lib/smtp.ts";

/** Quoted-printable soft line breaks and escapes undone (as UTF-8), enough to search the text. */
function decodeQp(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? /^[0-9A-F]{2}/.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...new TextEncoder().encode(joined[i]));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

Deno.test("[api] checkout mails: confirmation to the customer and notice to the shop over SMTP", async () => {
  const smtp = await smtpSink();
  try {
    await withServices(async ({ api, services }) => {
      const board = await productByName(services, "Vectra DSP Board");
      const intent = await createIntent(
        api,
        intentBody([{ id: board.id, price: 600, quantity: 1 }]),
      );
      await payWithToken(api, intent.clientSecret, "pm_card_visa");
      const { order } = await confirmPayment(api, intent.paymentIntentId);
      await services.mailer.flush();
      for (let i = 0; i < 50 && smtp.received.length < 2; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      assertEquals(smtp.received.length, 2);

      const customer = smtp.received.find((m) => m.to.includes("ada@example.com"))!;
      const text = decodeQp(customer.raw);
      assertStringIncludes(text, `Your order ${order.orderNumber} is confirmed`);
      assertStringIncludes(text, "1 × Vectra DSP Board");
      assertStringIncludes(text, "Subtotal: €600.00");
      assertStringIncludes(text, "Shipping (France): €9.90");
      assertStringIncludes(text, "Total: €609.90");
      assertStringIncludes(text, "incl. VAT (20%): €101.65");
      assertStringIncludes(text, "1 rue de la Paix");
      assertStringIncludes(text, "31000 Toulouse");

      const shop = smtp.received.find((m) => m.to.includes("orders@example.com"))!;
      assert(shop, "the notice goes to SHOP_EMAIL");
      const notice = decodeQp(shop.raw);
      assertStringIncludes(notice, `Subject: =?UTF-8?Q?New_order_${order.orderNumber}`);
      assertStringIncludes(notice, `Order ${order.orderNumber} (`);
      assertStringIncludes(notice, "ada@example.com");
      assertStringIncludes(notice, intent.paymentIntentId);

      const outbox = await services.outbox.list();
      assertEquals(outbox.map((m) => m.status), ["sent", "sent"]);
    }, { config: { smtpUrl: smtp.url, shopEmail: "orders@example.com" } });
  } finally {
    await smtp.close();
  }
});

Deno.test("[api] checkout mails: a consumer's confirmation records the terms version and carries the dated terms and the withdrawal form, as links and as PDFs attached", async () => {
  const smtp = await smtpSink();
  try {
    await withServices(async ({ api, services }) => {
      const board = await productByName(services, "Vectra DSP Board");
      const intent = await createIntent(
        api,
        intentBody([{ id: board.id, price: 600, quantity: 1 }]),
      );
      await payWithToken(api, intent.clientSecret, "pm_card_visa");
      const { order } = await confirmPayment(api, intent.paymentIntentId);
      const stored = await services.orders.getByNumber(order.orderNumber);
      assertEquals(stored?.termsVersion, "2026-11-27");
      await services.mailer.flush();
      for (let i = 0; i < 100 && smtp.received.length < 2; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const customer = smtp.received.find((m) => m.to.includes("ada@example.com"))!;
      const raw = decodeQp(customer.raw);
      assertStringIncludes(
        raw,
        "The general terms of sale you accepted (version of 27 November 2026)",
      );
      assertStringIncludes(raw, "/general-terms/2026-11-27");
      assertStringIncludes(raw, "/withdrawal-form");
      assertStringIncludes(raw, "within 14 days of its delivery");
      assertStringIncludes(raw, "Find my orders: ");
      assertStringIncludes(raw, "filename=general-terms-2026-11-27.pdf");
      assertStringIncludes(raw, "filename=withdrawal-form.pdf");
      assertEquals(raw.match(/Content-Type: application\/pdf/g)?.length, 2);
    }, { config: { smtpUrl: smtp.url, shopEmail: "orders@example.com" } });
  } finally {
    await smtp.close();
  }
});
