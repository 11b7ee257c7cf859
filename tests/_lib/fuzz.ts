import { loginAs } from "./admin.ts";
import type { TestContext } from "./services.ts";

/**
 * The headers of the signed-in identity the API fuzz test (tests/api/fuzz_test.ts) uses for
 * staff routes: a fresh superadmin, so every admin route is reached past its role check.
 */
export async function fuzzSessionHeaders(t: TestContext): Promise<Record<string, string>> {
  return (await loginAs(t, "superadmin")).headers;
}
