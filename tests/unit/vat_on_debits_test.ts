import { loadConfig, VAT_ON_DEBITS_REFUSED } from "../../src/services/config.ts";
import { assertEquals, assertThrows } from "../_lib/assert.ts";

Deno.test("[unit] SELLER_VAT_ON_DEBITS: refused at start for a seller of goods (art. 269 CGI); off or absent is accepted", () => {
  for (const on of ["true", "on", "1"]) {
    const err = assertThrows(() => loadConfig({ SELLER_VAT_ON_DEBITS: on }), Error);
    assertEquals(err.message, VAT_ON_DEBITS_REFUSED);
  }
  for (const off of [undefined, "false", "off"]) {
    assertEquals(typeof loadConfig({ SELLER_VAT_ON_DEBITS: off }).port, "number");
  }
});
