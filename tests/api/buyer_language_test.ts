import { assertEquals } from "../_lib/assert.ts";
import { intentBody, productByName } from "../_lib/checkout.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";
import { inBuyerLanguage } from "../../src/services/buyer-errors.ts";
import { messagesFor } from "../../src/i18n/catalog.ts";

/**
 * The shop's calls from a buyer's page answer their refusals in the page's language (the body's
 * `locale`): a French buyer reads French under the fields and in the dialogs; English is the
 * spec's, unchanged.
 */
Deno.test("[api] a French buyer's refusals are French: fields, company, stock, cart out of date; English ones unchanged", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, "Vectra DSP Board");
    const french = (body: ReturnType<typeof intentBody>, change: Record<string, unknown> = {}) => ({
      ...body,
      orderData: { ...body.orderData, locale: "fr", ...change },
    });
    const post = async (body: unknown) => {
      const res = await api.request("/api/stripe/create-payment-intent", jsonRequest("POST", body));
      return { status: res.status, body: await res.json() };
    };
    const line = [{ id: board.id, price: 600, quantity: 1 }];

    const typo = intentBody(line, { email: "ada@example" });
    const en = await post(typo);
    assertEquals(en.status, 400);
    assertEquals(en.body.errors, [{
      field: "orderData.customer.email",
      message: "Email is invalid",
    }]);
    const fr = await post(french(typo));
    assertEquals(fr.status, 400);
    assertEquals(fr.body.success, false);
    assertEquals(fr.body.error, "validation_error", "the code stays the machine's");
    assertEquals(fr.body.errors, [{
      field: "orderData.customer.email",
      message: "L’e-mail n’est pas valide",
    }]);
    assertEquals(fr.body.message, "L’e-mail n’est pas valide");

    const company = await post(french(intentBody(line), {
      business: { companyName: "ACME", vatNumber: "BE0411905848", siren: "123" },
    }));
    assertEquals(company.status, 422);
    assertEquals(company.body.errors.map((e: { message: string }) => e.message), [
      "La clé de contrôle de ce numéro de TVA est fausse\u00a0: vérifiez qu’il n’y a pas de faute de frappe",
      "Un SIREN compte 9 chiffres (par exemple 732\u00a0829\u00a0320)",
    ]);

    const stock = await post(french(intentBody([{ ...line[0], quantity: 10_000 }])));
    assertEquals(stock.status, 422);
    assertEquals(stock.body.error, "not_enough_stock");
    assertEquals(
      stock.body.message,
      `Stock insuffisant pour Vectra DSP Board (${board.stock} disponibles)`,
    );

    const stale = await post(french(intentBody([{ ...line[0], price: 550 }])));
    assertEquals(stale.status, 422);
    assertEquals(
      stale.body.message,
      "Votre panier n’est plus à jour\u00a0: le prix de Carte DSP Vectra est désormais de 600,00\u00a0€\u202f; le sous-total est de 600,00\u00a0€, et non de 550,00\u00a0€\u202f; le total est de 609,90\u00a0€, et non de 559,90\u00a0€\u202f; le montant est de 609,90\u00a0€, et non de 559,90\u00a0€. Rien n’a été débité\u202f; veuillez vérifier votre panier.",
    );
    const staleEn = await post(intentBody([{ ...line[0], price: 550 }]));
    assertEquals(
      staleEn.body.message,
      "Your cart is out of date: the price of Vectra DSP Board is now €600.00; the subtotal is €600.00, not €550.00; the total is €609.90, not €559.90; the amount is €609.90, not €559.90. Nothing was charged; please review your cart.",
    );

    const quote = await api.request(
      "/api/checkout/quote",
      jsonRequest("POST", {
        items: [{ id: board.id, quantity: 1 }],
        shippingCountry: "Japan",
        locale: "fr",
      }),
    );
    assertEquals(quote.status, 422);
    assertEquals((await quote.json()).message, "Nous ne livrons pas ce pays\u00a0: Japon");
  }));

Deno.test("[unit] every English refusal the buyer's calls can give has its French words", () => {
  const en = messagesFor("en").apiErrors;
  for (const [key, template] of Object.entries(en)) {
    const sample = template.replace(
      /\{(\w+)\}/g,
      (_, name) => name === "country" ? "Germany" : "X",
    );
    const said = inBuyerLanguage(sample, "fr");
    assertEquals(said !== sample, true, `${key}: "${sample}" has no French`);
    assertEquals(inBuyerLanguage(sample, "en"), sample);
  }
});
