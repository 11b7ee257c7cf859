import { assert, assertEquals, assertStringIncludes, assertThrows } from "../_lib/assert.ts";
import { loadConfig } from "../../src/services/config.ts";
import { legalIdentityOf, legalNoticeProblem } from "../../src/services/legal-identity.ts";
import { LEGAL_NOTICE_ENV } from "../../src/domain/legal-notice.ts";

const ALL = {
  SELLER_LEGAL_FORM: "SAS",
  SELLER_EMAIL: "contact@vectra.example",
  SELLER_PHONE: "+33 5 00 00 00 00",
  SELLER_PUBLICATION_DIRECTOR: "Jeanne Martin",
  SELLER_HOST_NAME: "Deno Land Inc.",
  SELLER_HOST_ADDRESS: "1111 6th Ave Ste 550, San Diego, CA 92101, USA",
  SELLER_HOST_PHONE: "+1 000 000 0000",
  SELLER_MEDIATOR_NAME: "CM2C",
  SELLER_MEDIATOR_ADDRESS: "49 rue de Ponthieu, 75008 Paris",
  SELLER_MEDIATOR_URL: "https://www.cm2c.net",
};

Deno.test("[unit] legal notice: production refuses to start while a legal-notice or mediator setting is unset", () => {
  const production = (env: Record<string, string>) =>
    legalNoticeProblem(loadConfig({ SHOP_ENV: "production", ...env }));
  const { SELLER_MEDIATOR_URL: _, SELLER_HOST_PHONE: __, ...some } = ALL;
  const problem = production(some);
  assert(problem, "refused");
  assertStringIncludes(problem, "SELLER_MEDIATOR_URL");
  assertStringIncludes(problem, "SELLER_HOST_PHONE");
  assert(!problem.includes("SELLER_EMAIL"), "names only what is missing");
  assertEquals(production(ALL), null);
  // Development starts and prints what is missing on the pages, impossible to miss.
  assertEquals(legalNoticeProblem(loadConfig({})), null);
  assertEquals(legalIdentityOf(loadConfig({})).mediatorName, "[SET SELLER_MEDIATOR_NAME]");
  assertEquals(Object.keys(LEGAL_NOTICE_ENV).length, Object.keys(ALL).length);
});

Deno.test("[unit] legal notice: the mediator's website must be a web address", () => {
  assertThrows(
    () => loadConfig({ SELLER_MEDIATOR_URL: "javascript:alert(1)" }),
    Error,
    "SELLER_MEDIATOR_URL",
  );
  assertEquals(
    legalIdentityOf(loadConfig(ALL)).mediatorUrl,
    "https://www.cm2c.net",
  );
});
