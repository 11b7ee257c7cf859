import { assertEquals } from "../_lib/assert.ts";
import { toHex } from "../../src/domain/hex.ts";

Deno.test("[unit] hex: two lowercase digits a byte, as toString(16) padded spells them", () => {
  const every = Uint8Array.from({ length: 256 }, (_, b) => b);
  const spelt = (bytes: Uint8Array) =>
    Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  assertEquals(toHex(every), spelt(every));
  const random = crypto.getRandomValues(new Uint8Array(64));
  assertEquals(toHex(random.buffer), spelt(random));
  assertEquals(toHex(new Uint8Array([0, 15, 16, 255])), "000f10ff");
  assertEquals(toHex(new Uint8Array()), "");
});
