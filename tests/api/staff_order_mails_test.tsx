/**
 * Issue 34 items 9 and 12: an order staff create mails its buyer the shop's confirmation (the
 * order page's link) and, once its payment is received, the invoice's number; the buyer's page
 * of a company's order shows the company, its VAT number, its purchase order and its billing
 * address (English and French).
 */
import { renderToString } from "preact-render-to-string";
import OrderStatusContent from "../../src/components/orders/OrderStatusContent.tsx";
import { assert, assertEquals, assertJsonResponse, assertStringIncludes } from "../_lib/assert.ts";
import { loginAs } from "../_lib/admin.ts";
import { productByName } from "../_lib/checkout.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";

const seen = (html: string) =>
  html.replace(/<[^>]+>/g, " ").replaceAll("&amp;", "&").replace(/\s+/g, " ");

Deno.test("[api] an order staff create mails the buyer its confirmation with its page's link, then its invoice's number once paid; its page shows the company, VAT number, purchase order and billing address", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const board = await productByName(t.services, "Vectra DSP Board");
    const res = await t.api.request(
      "/api/orders/admin",
      jsonRequest("POST", {
        customer: { firstName: "Claire", lastName: "Martin", email: "claire@example.com" },
        shippingAddress: { address: "3 quai Saint-Antoine", city: "Lyon", zipCode: "69002" },
        items: [{ id: board.id, quantity: 1 }],
        shippingCountry: "France",
        paymentMethod: "delivery",
        business: {
          companyName: "Lyon Motion SAS",
          vatNumber: "FR40303265045",
          purchaseOrder: "BC-881",
        },
        billingAddress: {
          address: "12 rue de la République",
          city: "Lyon",
          state: "",
          zipCode: "69001",
          country: "France",
        },
      }, clerk.headers),
    );
    const { orderId } = await assertJsonResponse(res, 201) as { orderId: string };
    const order = (await t.services.orders.get(orderId))!;
    const link = await t.services.orderLinks.url(order.orderNumber, "en");
    const toBuyer = async () =>
      (await t.services.outbox.list()).filter((m) => m.to === "claire@example.com");
    let mails = await toBuyer();
    assertEquals(mails.map((m) => m.subject), [`Your order ${order.orderNumber} is confirmed`]);
    assertStringIncludes(mails[0].text, link);

    await assertJsonResponse(
      await t.api.request(
        `/api/orders/${orderId}/payment`,
        jsonRequest("PUT", { paymentStatus: "paid" }, clerk.headers),
      ),
      200,
    );
    const [invoice] = await t.services.invoices.ofOrder(orderId);
    mails = await toBuyer();
    assertEquals(mails.length, 2);
    assertEquals(mails[1].subject, `Payment received for your order ${order.orderNumber}`);
    assertStringIncludes(mails[1].text, invoice.number);
    assertStringIncludes(mails[1].text, link);

    const paid = (await t.services.orders.get(orderId))!;
    const token = await t.services.orderLinks.token(order.orderNumber);
    for (const lang of ["en", "fr"] as const) {
      const page = seen(renderToString(
        <OrderStatusContent
          lang={lang}
          order={paid}
          documents={[invoice]}
          token={token}
          timeZone="Europe/Paris"
        />,
      ));
      for (const e of ["Lyon Motion SAS", "FR40303265045", "BC-881", "12 rue de la République"]) {
        assertStringIncludes(page, e, `${lang}: ${e}`);
      }
      assert(page.includes(lang === "en" ? "Billing address" : "Adresse de facturation"), page);
      assert(page.includes(lang === "en" ? "VAT number:" : "N° de TVA :"), page);
    }
  }));
