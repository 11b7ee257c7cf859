import { ADMIN_USER_STORAGE_KEY } from "../../../domain/admin-image.ts";

/** An API call that failed: the server's status and its message. */
export class ApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = "ApiError";
  }
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
 * Throws ApiError with the server's `error` or `message` text, or `HTTP error! status: N`.
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
      : `HTTP error! status: ${res.status}`;
    // A session that ended meanwhile: the stored user goes with it (the server clears the
    // cookie), then back to the login page, then here again.
    if (res.status === 401 && !path.endsWith("/login") && typeof location !== "undefined") {
      localStorage.removeItem(ADMIN_USER_STORAGE_KEY);
      location.assign(
        `/admin/login?next=${encodeURIComponent(location.pathname + location.search)}`,
      );
    }
    throw new ApiError(res.status, text);
  }
  return body as T;
}

/** The message of anything thrown, else `fallback`. */
export const errorText = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;

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
