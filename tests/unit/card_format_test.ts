import { formatCardInput } from "../../src/domain/card-format.ts";
import { assertEquals } from "../_lib/assert.ts";

/** Types `text` one key at a time at the end of the field, as a buyer would. */
function typeInto(kind: "number" | "expiry", text: string) {
  let field = { value: "", caret: 0 };
  for (const key of text) {
    const raw = field.value.slice(0, field.caret) + key + field.value.slice(field.caret);
    field = formatCardInput(kind, field.value, raw, field.caret + 1);
  }
  return field;
}

Deno.test("[unit] card form: the number is grouped in fours as it is typed", () => {
  assertEquals(typeInto("number", "4242424242424242"), {
    value: "4242 4242 4242 4242",
    caret: 19,
  });
  assertEquals(typeInto("number", "42424"), { value: "4242 4", caret: 6 });
  assertEquals(typeInto("number", "4242 4242 4242 4242 9999"), {
    value: "4242 4242 4242 4242 999",
    caret: 23,
  }, "19 digits at most");
});

Deno.test("[unit] card form: a pasted number with spaces or dashes is accepted", () => {
  assertEquals(
    formatCardInput("number", "", "4000 0000 0000 0002", 19).value,
    "4000 0000 0000 0002",
  );
  assertEquals(
    formatCardInput("number", "", "4242-4242-4242-4242", 19).value,
    "4242 4242 4242 4242",
  );
  assertEquals(formatCardInput("number", "", " 4242  4242 4242 4242 ", 22), {
    value: "4242 4242 4242 4242",
    caret: 19,
  });
});

Deno.test("[unit] card form: the caret stays after the digit it followed", () => {
  // "4242 4242", a 1 typed after the second digit.
  assertEquals(formatCardInput("number", "4242 4242", "42142 4242", 3), {
    value: "4214 2424 2",
    caret: 3,
  });
  // Backspace just after a space deletes the digit before it, not (only) the space.
  assertEquals(formatCardInput("number", "4242 4242", "42424242", 4), {
    value: "4244 242",
    caret: 3,
  });
  // Backspace at the end.
  assertEquals(formatCardInput("number", "4242 4", "4242 ", 5), { value: "4242", caret: 4 });
});

Deno.test("[unit] card form: the expiry typed 1234 becomes 12 / 34", () => {
  assertEquals(typeInto("expiry", "1234"), { value: "12 / 34", caret: 7 });
  assertEquals(typeInto("expiry", "12/34"), { value: "12 / 34", caret: 7 });
  assertEquals(typeInto("expiry", "434"), { value: "04 / 34", caret: 7 }, "a 4 is April");
  assertEquals(typeInto("expiry", "123456"), { value: "12 / 34", caret: 7 });
  assertEquals(formatCardInput("expiry", "", "12 / 2034", 9).value, "12 / 34");
  assertEquals(formatCardInput("expiry", "", "12/34", 5).value, "12 / 34");
  // Backspace never sticks on the separator.
  assertEquals(formatCardInput("expiry", "12 / 3", "12 / ", 5), { value: "12", caret: 2 });
  assertEquals(formatCardInput("expiry", "12", "1", 1), { value: "1", caret: 1 });
});
