import { assertEquals } from "../_lib/assert.ts";
import { Store } from "../../src/browser/state/store.ts";

Deno.test("store: subscribers hear each new value, in order, until they unsubscribe", () => {
  const count = new Store(0);
  const heard: string[] = [];
  const stopA = count.subscribe((v) => heard.push(`a${v}`));
  count.subscribe((v) => heard.push(`b${v}`));
  count.value = 1;
  count.value = 1; // the same value: nobody is told
  stopA();
  count.value = 2;
  assertEquals(heard, ["a1", "b1", "b2"]);
  assertEquals(count.value, 2);
});

Deno.test("store: a listener that unsubscribes while told does not stop the others", () => {
  const open = new Store(false);
  const heard: string[] = [];
  const stop = open.subscribe(() => {
    heard.push("once");
    stop();
  });
  open.subscribe((v) => heard.push(`then ${v}`));
  open.value = true;
  open.value = false;
  assertEquals(heard, ["once", "then true", "then false"]);
});
