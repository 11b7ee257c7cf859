import { assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { loginAs } from "../_lib/admin.ts";
import { productByName } from "../_lib/checkout.ts";
import { fakeChorusPro } from "../_lib/fake-chorus-pro.ts";
import { jsonRequest, type TestContext, withServices } from "../_lib/services.ts";
import { buy, quote, taxedIntentBody } from "../_lib/tax.ts";

/**
 * A public body buys where any company does: at the checkout and through quotes (the cart's
 * request and staff's). What its Chorus Pro structure asks is refused on the field the form
 * shows, in the buyer's language; what it gives is carried to the order and its invoice.
 */

/** A CNRS delegation whose invoices need a service code and an engagement number. */
const STRICT_LAB = "18008901300007";
const CNRS = "CNRS DR Paris-Centre";

type Refusal = { errors: { field: string; message: string }[] };

function withChorus(fn: (t: TestContext) => Promise<void>) {
  const fake = fakeChorusPro();
  fake.addStructure({
    siret: STRICT_LAB,
    name: CNRS,
    serviceCodeRequired: true,
    engagementNumberRequired: true,
  });
  return withServices(fn, { config: { chorusPro: fake.settings } }).finally(() => fake.close());
}

const lab = (publicBody: Record<string, string>) => ({
  companyName: "Laboratoire d'automatique",
  publicBody,
});

Deno.test("[api] chorus pro buyers: a checkout without the service code its structure requires is refused on that field, in the buyer's language; with it, the order and invoice carry it", () =>
  withChorus(async (t) => {
    const board = await productByName(t.services, "Vectra DSP Board");
    const purchase = (locale: "en" | "fr", publicBody: Record<string, string>) => ({
      country: "France",
      items: [{ id: board.id, price: board.priceCents / 100, quantity: 1 }],
      business: lab(publicBody) as never,
      locale,
    });
    const shelf = await quote(t.api, {
      items: [{ id: board.id, quantity: 1 }],
      shippingCountry: "France",
    });
    for (
      const [locale, message] of [
        ["en", `${CNRS} requires a service code on its invoices`],
        ["fr", `${CNRS} exige un code service sur ses factures`],
      ] as const
    ) {
      const res = await t.api.request(
        "/api/stripe/create-payment-intent",
        jsonRequest(
          "POST",
          taxedIntentBody(
            purchase(locale, { siret: STRICT_LAB, serviceCode: "", engagementNumber: "EJ-7" }),
            shelf,
          ),
        ),
      );
      const body = await assertJsonResponse(res, 422) as Refusal;
      assertEquals(body.errors, [{ field: "orderData.business.publicBody.serviceCode", message }]);
    }
    const { order, invoice } = await buy(
      t,
      purchase("fr", { siret: STRICT_LAB, serviceCode: "DR02", engagementNumber: "EJ-7" }),
    );
    assertEquals(order.business?.publicBody, {
      siret: STRICT_LAB,
      serviceCode: "DR02",
      engagementNumber: "EJ-7",
    });
    assertEquals(invoice.buyer.purchaseOrder, "EJ-7");
  }));

Deno.test("[api] chorus pro buyers: quotes refuse what the structure requires on business.publicBody.* (the request in its page's language, staff's in English); the accepted quote's order carries the public body", () =>
  withChorus(async (t) => {
    const board = await productByName(t.services, "Vectra DSP Board");
    const request = (publicBody: Record<string, string>) => ({
      items: [{ id: board.id, quantity: 2 }],
      shippingCountry: "France",
      customer: {
        firstName: "Marie",
        lastName: "Curie",
        email: "achats@labo.example",
        phone: "+33 1 23 45 67 89",
      },
      business: lab(publicBody),
      shippingAddress: {
        address: "3 rue Michel-Ange",
        city: "Paris",
        state: "",
        zipCode: "75016",
        country: "France",
      },
      locale: "fr",
    });
    const asked = (body: unknown, headers: Record<string, string> = {}) =>
      t.api.request(
        Object.keys(headers).length ? "/api/quotes" : "/api/quote-requests",
        jsonRequest("POST", body, headers),
      );

    const noEj = await assertJsonResponse(
      await asked(request({ siret: STRICT_LAB, serviceCode: "DR02" })),
      422,
    ) as Refusal;
    assertEquals(noEj.errors, [{
      field: "business.publicBody.engagementNumber",
      message: `${CNRS} exige un numéro d’engagement (EJ) sur ses factures`,
    }]);
    const typo = await assertJsonResponse(
      await asked(request({ siret: "18008901300008" })),
      400,
    ) as Refusal;
    assertEquals(typo.errors.map((e) => e.field), ["business.publicBody.siret"]);
    assertEquals(typo.errors[0].message.startsWith("Le SIRET est le numéro à 14 chiffres"), true);

    const clerk = await loginAs(t, "admin");
    const staff = await assertJsonResponse(
      await asked(
        { ...request({ siret: STRICT_LAB, engagementNumber: "EJ-9" }), locale: "en" },
        clerk.headers,
      ),
      422,
    ) as Refusal;
    assertEquals(staff.errors, [{
      field: "business.publicBody.serviceCode",
      message: `${CNRS} requires a service code on its invoices`,
    }]);

    const publicBody = { siret: STRICT_LAB, serviceCode: "DR02", engagementNumber: "EJ-9" };
    const { number } = await assertJsonResponse(await asked(request(publicBody)), 201) as {
      number: string;
    };
    const link = `/api/public/quotes/${number}?t=${await t.services.quoteLinks.token(number)}`;
    const accepted = await assertJsonResponse(
      await t.api.request(
        link.replace("?t=", "/accept?t="),
        jsonRequest("POST", { purchaseOrder: "EJ-9" }),
      ),
      201,
    ) as { orderNumber: string };
    const order = (await t.services.orders.list()).find((o) =>
      o.orderNumber === accepted.orderNumber
    );
    assertEquals(order?.business?.publicBody, publicBody);
  }));
