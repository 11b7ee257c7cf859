import { assert, assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";
import type { MailMessage } from "../../src/domain/mail.ts";
import { VALID_DEMO_REQUEST } from "../_lib/fixtures.ts";

const valid = VALID_DEMO_REQUEST;

type ErrorBody = { error: string; message: string; errors?: { field: string; message: string }[] };

async function post(
  api: { request: (p: string, i: RequestInit) => Response | Promise<Response> },
  body: unknown,
) {
  return await api.request("/api/demo", jsonRequest("POST", body));
}

async function fieldErrors(res: Response) {
  const body = await assertJsonResponse(res, 400) as ErrorBody;
  assert(body.message.length > 0, "a message comes with the errors");
  return Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]));
}

Deno.test("[api] POST /api/demo stores the request and queues a mail to SHOP_EMAIL", () =>
  withServices(async ({ api, services }) => {
    const res = await post(api, valid);
    const body = await assertJsonResponse(res, 201) as { success: boolean; id: string };
    assertEquals(body.success, true);
    const [stored] = await services.demoRequests.list();
    assertEquals(stored.id, body.id);
    assertEquals(stored.phone, "+33612345678");
    assertEquals(stored.countryCode, "+33");
    const [mail] = await services.outbox.list();
    assertEquals(mail.to, "demo-desk@example.com");
    assertEquals(mail.status, "pending");
    assert(mail.text.includes("Analytical Engines") && mail.text.includes("brushless"));
    assertEquals(mail.headers?.["Reply-To"], "ada@example.com");
  }, { config: { shopEmail: "demo-desk@example.com" } }));

Deno.test("[api] POST /api/demo answers every required field's message", () =>
  withServices(async ({ api, services }) => {
    const errors = await fieldErrors(await post(api, {}));
    assertEquals(errors, {
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      company: "Company name is required",
      country: "Country is required",
      phone: "Phone number is required",
      message: "Message is required",
    });
    // Blank after trimming counts as missing.
    const blank = await fieldErrors(
      await post(api, { ...valid, firstName: "   ", lastName: "\t", company: " ", message: "  " }),
    );
    assertEquals(blank.firstName, "First name is required");
    assertEquals(blank.lastName, "Last name is required");
    assertEquals(blank.company, "Company name is required");
    assertEquals(blank.message, "Message is required");
    assertEquals((await services.demoRequests.list()).length, 0, "nothing stored");
    assertEquals((await services.outbox.list()).length, 0, "nothing mailed");
  }));

Deno.test("[api] POST /api/demo checks the email", () =>
  withServices(async ({ api }) => {
    for (const email of ["ada", "ada@example", "ada @example.com", "@example.com"]) {
      assertEquals(
        (await fieldErrors(await post(api, { ...valid, email }))).email,
        "Email is invalid",
        email,
      );
    }
    assertEquals(
      (await fieldErrors(await post(api, { ...valid, email: "  " }))).email,
      "Email is required",
    );
  }));

Deno.test("[api] POST /api/demo checks phone numbers as international numbers", () =>
  withServices(async ({ api, services }) => {
    // Valid: with or without the plus (a plus is prefixed), with spaces.
    for (const phone of ["+33612345678", "33612345678", "+1 201 555 0123", "+44 7400 123456"]) {
      await assertJsonResponse(await post(api, { ...valid, phone }), 201);
    }
    const stored = (await services.demoRequests.list()).map((r) => r.phone);
    assertEquals(stored.sort(), ["+12015550123", "+33612345678", "+33612345678", "+447400123456"]);
    const cases: [string, string][] = [
      ["", "Phone number is required"],
      ["   ", "Phone number is required"],
      ["+33", "Phone number is invalid"], // no national number
      ["+331", "Phone number is invalid"], // too short (fewer than 2 digits)
      ["+3361234", "Phone number is invalid"], // too short for France
      ["+33 612345678901234567890", "Phone number is invalid"], // too long (more than 17)
      ["+336123456789", "Phone number is invalid"], // one digit too many for France
      ["not a number", "Phone number is invalid"],
      ["+999123456789", "Phone number is invalid"], // no such country code
      ["+972502345678", "Phone number is invalid"], // Israel is excluded
    ];
    for (const [phone, message] of cases) {
      assertEquals((await fieldErrors(await post(api, { ...valid, phone }))).phone, message, phone);
    }
  }));

Deno.test("[api] POST /api/demo accepts an excluded country once EXCLUDED_COUNTRIES drops it", () =>
  withServices(async ({ api }) => {
    await assertJsonResponse(await post(api, { ...valid, phone: "+972502345678" }), 201);
  }, { config: { excludedCountries: [] } }));

Deno.test("[api] POST /api/demo caps the message at 500 characters", () =>
  withServices(async ({ api }) => {
    await assertJsonResponse(await post(api, { ...valid, message: "x".repeat(500) }), 201);
    const errors = await fieldErrors(await post(api, { ...valid, message: "x".repeat(501) }));
    assertEquals(errors, { message: "Message cannot exceed 500 characters" });
    // Surrounding spaces are trimmed before counting.
    await assertJsonResponse(await post(api, { ...valid, message: `  ${"x".repeat(500)}  ` }), 201);
  }));

Deno.test("[api] POST /api/demo trims names, email, company and message", () =>
  withServices(async ({ api, services }) => {
    await assertJsonResponse(
      await post(api, {
        ...valid,
        firstName: "  Ada ",
        lastName: " Lovelace\n",
        email: " ada@example.com ",
        company: " Analytical Engines ",
        message: "\n Hello \n",
      }),
      201,
    );
    const [r] = await services.demoRequests.list();
    assertEquals(
      [r.firstName, r.lastName, r.email, r.company, r.message],
      ["Ada", "Lovelace", "ada@example.com", "Analytical Engines", "Hello"],
    );
  }));

Deno.test("[api] POST /api/demo refuses what is not a JSON object with 400", () =>
  withServices(async ({ api }) => {
    const notJson = await assertJsonResponse(await post(api, "{nope"), 400) as ErrorBody;
    assertEquals(notJson.error, "validation_error");
    const wrongTypes = await fieldErrors(await post(api, { ...valid, firstName: 42, phone: null }));
    assertEquals(wrongTypes.firstName, "First name is required");
    assertEquals(wrongTypes.phone, "Phone number is required");
    await assertJsonResponse(await post(api, [1, 2]), 400);
  }));

Deno.test("[api] POST /api/demo: the outbox delivers the request to SHOP_EMAIL", async () => {
  const sent: MailMessage[] = [];
  const transport = {
    send: (m: MailMessage) => {
      sent.push(m);
      return Promise.resolve();
    },
    close() {},
  };
  await withServices(async ({ api, services }) => {
    await assertJsonResponse(await post(api, valid), 201);
    await services.mailer.flush();
    assertEquals(sent.map((m) => m.to), ["demo-desk@example.com"]);
    assertEquals(sent[0].subject, "Demo request: Ada Lovelace (Analytical Engines)");
    const [entry] = await services.outbox.list();
    assertEquals(entry.status, "sent");
  }, { config: { shopEmail: "demo-desk@example.com" }, transport });
});
