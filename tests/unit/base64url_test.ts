import { assertEquals } from "../_lib/assert.ts";
import { fromBase64Url, toBase64Url } from "../../src/domain/base64url.ts";

const bytes = (...b: number[]) => new Uint8Array(b);

Deno.test("[unit] base64url: RFC 4648's vectors without padding, and the two characters that differ from base64", () => {
  const text = new TextEncoder();
  for (
    const [plain, encoded] of [["", ""], ["f", "Zg"], ["fo", "Zm8"], ["foo", "Zm9v"], [
      "foobar",
      "Zm9vYmFy",
    ]]
  ) {
    assertEquals(toBase64Url(text.encode(plain)), encoded);
    assertEquals(fromBase64Url(encoded), text.encode(plain));
  }
  assertEquals(toBase64Url(bytes(0xfb, 0xff)), "-_8", "base64's +/8=");
  assertEquals(fromBase64Url("-_8"), bytes(0xfb, 0xff));
});

Deno.test("[unit] base64url: base64's own alphabet, padding, stray characters and a cut length read as nothing", () => {
  for (const bad of ["+/8", "-_8=", "Zm 9v", "Zm9v\n", "A", "Zm9vY"]) {
    assertEquals(fromBase64Url(bad), null, bad);
  }
});
