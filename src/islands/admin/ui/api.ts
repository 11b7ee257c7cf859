import { ADMIN_USER_STORAGE_KEY } from "../../../domain/admin-image.ts";
import type { FieldError } from "../../../domain/errors.ts";

/**
 * An API call that failed: the server's status, its message (empty when it sent none) and the
 * fields it named. Screens show it through errorSentence (ui/errors.ts), never as it is.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    /** The session ended (the page is on its way to the login page). */
    readonly sessionEnded = false,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * Whether an answer says the session has ended: a 401 of the sign-in check (`unauthorized`, or
 * no error named), never another 401 (a wrong code, say): that one is the form's to show.
 */
export function endsSession(status: number, body: Record<string, unknown> | null): boolean {
  return status === 401 && (body?.error === undefined || body.error === "unauthorized");
}

export interface ApiOptions {
  method?: string;
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as multipart/form-data. */
  form?: FormData;
}

/**
 * Calls the back-office API with the session cookie (same origin: the browser adds `Origin`,
 * which the server requires for cookie-authenticated writes) and returns the JSON answer.
 * Throws ApiError with the server's `message` (else `error`) text and field errors.
 */
export async function adminApi<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const init: RequestInit = { method: options.method ?? "GET", credentials: "same-origin" };
  if (options.json !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(options.json);
  } else if (options.form) init.body = options.form;
  const res = await fetch(path, init);
  const body = await res.json().catch(() => null) as Record<string, unknown> | null;
  if (!res.ok) {
    const text = typeof body?.message === "string" && body.message
      ? body.message
      : typeof body?.error === "string" && body.error
      ? body.error
      : "";
    const errors = Array.isArray(body?.errors) ? body.errors as FieldError[] : [];
    // A session that ended meanwhile: the stored user goes with it (the server clears the
    // cookie), then back to the login page, then here again.
    const ended = endsSession(res.status, body) && !path.endsWith("/login");
    if (ended && typeof location !== "undefined") {
      localStorage.removeItem(ADMIN_USER_STORAGE_KEY);
      location.assign(
        `/admin/login?next=${encodeURIComponent(location.pathname + location.search)}`,
      );
    }
    throw new ApiError(res.status, text, errors, ended);
  }
  return body as T;
}

/**
 * The fields of `edited` that differ from `current` (text compared trimmed): what an update
 * sends, so a field left as it was never blocks a save.
 */
export function changedFields<T extends Record<string, string>>(
  current: Partial<Record<keyof T, unknown>>,
  edited: T,
): Partial<T> {
  const same = (a: unknown, b: string) => typeof a === "string" && a.trim() === b.trim();
  return Object.fromEntries(
    Object.entries(edited).filter(([k, v]) => !same(current[k as keyof T], v)),
  ) as Partial<T>;
}
