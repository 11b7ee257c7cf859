import examples from "libphonenumber-js/mobile/examples";
import metadata from "libphonenumber-js/min/metadata";
import { getCountryCallingCode } from "libphonenumber-js";
import { assert, assertEquals } from "../_lib/assert.ts";
import { parseInternationalPhone, validateDemoRequest } from "../../src/domain/demo-request.ts";
import {
  callingCodeMetadata,
  callingCodeOf,
  callingCodes,
  mainCountries,
} from "../../src/domain/phone-metadata.ts";

const answer = (phone: ReturnType<typeof parseInternationalPhone>) =>
  phone && [phone.number, phone.country, phone.countryCallingCode];

Deno.test("[unit] phone metadata: one calling code's file checks its numbers as the whole min metadata", () => {
  let checked = 0;
  for (const [country, national] of Object.entries(examples)) {
    const code = getCountryCallingCode(country as keyof typeof examples);
    const part = callingCodeMetadata(metadata, code);
    assert(part, `a file for +${code}`);
    // The example, one digit less, one more, and the first digit changed: valid and invalid.
    const variants = [national, national.slice(0, -1), `${national}5`, `9${national.slice(1)}`];
    for (const digits of variants) {
      for (const excluded of [[], ["IL", "GG"]]) {
        const whole = parseInternationalPhone(`+${code}${digits}`, metadata, excluded);
        const own = parseInternationalPhone(`+${code}${digits}`, part, excluded);
        assertEquals(answer(own), answer(whole), `+${code} ${digits}`);
        checked++;
      }
    }
  }
  assert(checked > 1500, `${checked} numbers`);
  assertEquals(callingCodes(metadata).length, Object.keys(metadata.country_calling_codes).length);
  assertEquals(callingCodeMetadata(metadata, "999"), null);
  assertEquals(callingCodeMetadata(metadata, "constructor"), null);
  assert(mainCountries(metadata).includes("GB") && !mainCountries(metadata).includes("JE"));
});

Deno.test("[unit] phone metadata: the calling code a form's number is written with", () => {
  assertEquals(callingCodeOf("+33612345678", "+33"), "33");
  assertEquals(callingCodeOf("+44 7400 123456", "+44"), "44");
  assertEquals(callingCodeOf("+33612345678", "+44"), null, "not the number's code");
  assertEquals(callingCodeOf("+33612345678", "../33"), null);
  assertEquals(callingCodeOf("+33612345678", ""), null);
});

Deno.test("[unit] demo request: without metadata the phone is required, not checked", () => {
  const request = {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    company: "AE",
    country: "France",
    countryCode: "+33",
    message: "Hello",
  };
  assert(validateDemoRequest({ ...request, phone: "+3361234" }, null).ok);
  assertEquals(validateDemoRequest({ ...request, phone: " " }, null), {
    ok: false,
    errors: [{ field: "phone", message: "Phone number is required" }],
  });
  assertEquals(validateDemoRequest({ ...request, phone: "+3361234" }, metadata), {
    ok: false,
    errors: [{ field: "phone", message: "Phone number is invalid" }],
  });
});
