import { endsSession } from "../../src/islands/admin/ui/api.ts";
import { assertEquals } from "../_lib/assert.ts";

Deno.test("[unit] admin API: only a 401 of the session check sends the screen to the login page", () => {
  assertEquals(
    endsSession(401, { error: "unauthorized", message: "Your session has ended." }),
    true,
  );
  assertEquals(endsSession(401, null), true, "a 401 without a body (a proxy's)");
  assertEquals(
    endsSession(401, { error: "invalid_code", message: "Invalid authentication code" }),
    false,
  );
  assertEquals(endsSession(401, { error: "used_code" }), false);
  assertEquals(endsSession(403, { error: "wrong_password" }), false);
  assertEquals(endsSession(422, { error: "invalid_code" }), false);
});
