/** Minimal assertions (Deno's std is on a registry these machines cannot reach). */
export class AssertionError extends Error {
  override name = "AssertionError";
}

export function assert(cond: unknown, message = "Assertion failed"): asserts cond {
  if (!cond) throw new AssertionError(message);
}

function format(v: unknown): string {
  try {
    return JSON.stringify(v, null, 2);
  } catch {
    return String(v);
  }
}

function equal(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object).filter((k) =>
    (a as Record<string, unknown>)[k] !== undefined
  );
  const kb = Object.keys(b as object).filter((k) =>
    (b as Record<string, unknown>)[k] !== undefined
  );
  if (ka.length !== kb.length) return false;
  return ka.every((k) =>
    equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])
  );
}

export function assertEquals<T>(actual: T, expected: T, message?: string) {
  if (!equal(actual, expected)) {
    throw new AssertionError(
      `${message ? message + "\n" : ""}Values differ.\nactual:   ${format(actual)}\nexpected: ${
        format(expected)
      }`,
    );
  }
}

export function assertNotEquals<T>(actual: T, expected: T, message?: string) {
  if (equal(actual, expected)) {
    throw new AssertionError(message ?? `Expected values to differ: ${format(actual)}`);
  }
}

export function assertMatch(actual: string, re: RegExp, message?: string) {
  if (!re.test(actual)) {
    throw new AssertionError(message ?? `Expected ${format(actual)} to match ${re}`);
  }
}

export function assertStringIncludes(actual: string, expected: string, message?: string) {
  if (!actual.includes(expected)) {
    throw new AssertionError(
      message ?? `Expected text to include ${format(expected)}:\n${actual.slice(0, 2000)}`,
    );
  }
}

export async function assertRejects(
  fn: () => Promise<unknown>,
  // deno-lint-ignore no-explicit-any
  ErrorClass?: new (...args: any[]) => Error,
  includes?: string,
): Promise<Error> {
  try {
    await fn();
  } catch (err) {
    if (ErrorClass && !(err instanceof ErrorClass)) {
      throw new AssertionError(`Expected ${ErrorClass.name}, got ${err}`);
    }
    if (includes && !(err as Error).message.includes(includes)) {
      throw new AssertionError(
        `Expected message to include "${includes}", got "${(err as Error).message}"`,
      );
    }
    return err as Error;
  }
  throw new AssertionError("Expected the promise to reject");
}

export function assertThrows(
  fn: () => unknown,
  // deno-lint-ignore no-explicit-any
  ErrorClass?: new (...args: any[]) => Error,
  includes?: string,
): Error {
  try {
    fn();
  } catch (err) {
    if (ErrorClass && !(err instanceof ErrorClass)) {
      throw new AssertionError(`Expected ${ErrorClass.name}, got ${err}`);
    }
    if (includes && !(err as Error).message.includes(includes)) {
      throw new AssertionError(
        `Expected message to include "${includes}", got "${(err as Error).message}"`,
      );
    }
    return err as Error;
  }
  throw new AssertionError("Expected the function to throw");
}

/** Status, then content type, then body: the order every API test checks in. */
export async function assertJsonResponse(res: Response, status: number): Promise<unknown> {
  const text = await res.text();
  assertEquals(res.status, status, `status (body: ${text.slice(0, 500)})`);
  assertMatch(res.headers.get("content-type") ?? "", /^application\/json/, "content type");
  return JSON.parse(text);
}
