import { loginAs } from "./admin.ts";
import type { TestContext } from "./services.ts";

/**
 * The headers of the signed-in identity the API fuzz test (tests/api/fuzz_test.ts) uses for
 * staff routes: a superadmin, so every admin route is reached past its role check. `previous`
 * is kept while its session still stands; once the fuzz signed it out (or deleted, demoted or
 * deactivated it), a fresh superadmin is created and signed in (two password hashes: the
 * costliest step of the walk when done for every route).
 */
export async function fuzzSessionHeaders(
  t: TestContext,
  previous?: Record<string, string>,
): Promise<Record<string, string>> {
  if (previous) {
    try {
      const session = await t.services.adminAuth.authenticate(
        previous.Authorization.replace(/^Bearer /, ""),
      );
      if (session.admin.role === "superadmin" && session.admin.status === "active") return previous;
    } catch {
      // Signed out by the previous route's requests: sign a new one in.
    }
  }
  return (await loginAs(t, "superadmin")).headers;
}

/** The keys a KV handle committed since the last `take()`. */
export interface WriteLog {
  kv: Deno.Kv;
  take(): Deno.KvKey[];
}

/**
 * `kv` with every committed write recorded (`set`, `delete` and every mutation of an atomic
 * operation that committed), so the fuzz test can tell whether a request changed data without
 * reading the whole store back after each one (it did, and that was most of its time).
 */
export function recordWrites(kv: Deno.Kv): WriteLog {
  let written: Deno.KvKey[] = [];
  const MUTATIONS = new Set(["set", "delete", "sum", "min", "max", "mutate"]);

  function atomic(op: Deno.AtomicOperation): Deno.AtomicOperation {
    const pending: Deno.KvKey[] = [];
    const proxy: Deno.AtomicOperation = new Proxy(op, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (prop === "mutate") {
            for (const m of args as Deno.KvMutation[]) pending.push(m.key);
          } else if (MUTATIONS.has(String(prop))) pending.push(args[0] as Deno.KvKey);
          const result = value.apply(target, args);
          if (prop === "commit") {
            return (result as Promise<Deno.KvCommitResult | Deno.KvCommitError>).then((r) => {
              if (r.ok) written.push(...pending);
              return r;
            });
          }
          return result === target ? proxy : result;
        };
      },
    });
    return proxy;
  }

  const wrapped: Deno.Kv = new Proxy(kv, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (prop === "atomic") return atomic(value.apply(target, args));
        const result = value.apply(target, args);
        if (prop === "set" || prop === "delete") {
          return (result as Promise<unknown>).then((r) => {
            written.push(args[0] as Deno.KvKey);
            return r;
          });
        }
        return result;
      };
    },
  });

  return {
    kv: wrapped,
    take() {
      const keys = written;
      written = [];
      return keys;
    },
  };
}
