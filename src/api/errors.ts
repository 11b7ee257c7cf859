import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { DomainError, type FieldError, StoreBusyError } from "../domain/errors.ts";
import { log } from "../services/log.ts";

export interface ErrorBody {
  error: string;
  message: string;
  errors?: FieldError[];
}

export function zodFieldErrors(err: ZodError): FieldError[] {
  return err.issues.map((i) => ({
    field: i.path.map(String).join(".") || "body",
    message: i.message,
  }));
}

/** The one place that turns any thrown error into the API's JSON error answer. */
export function handleError(err: Error, c: Context) {
  if (err instanceof DomainError) {
    const body: ErrorBody = { error: err.code, message: err.message };
    if (err instanceof StoreBusyError) {
      log.warn("store busy: answered 503", { requestId: c.env?.requestId }, err);
    }
    if ("retryAfterS" in err) c.header("Retry-After", String(err.retryAfterS));
    if (err.errors?.length) body.errors = err.errors;
    return c.json(body, err.status);
  }
  if (err instanceof ZodError) {
    const errors = zodFieldErrors(err);
    const first = errors[0];
    const message = first ? `${first.field}: ${first.message}` : "Invalid request";
    return c.json({ error: "validation_error", message, errors } satisfies ErrorBody, 400);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 413 ? "Request body is too large" : err.message || "Request failed";
    return c.json({ error: status === 413 ? "payload_too_large" : "http_error", message }, status);
  }
  // A malformed encoding a parser met past boundInput (e.g. in a body): the client's fault.
  if (err instanceof URIError) {
    return c.json({ error: "bad_request", message: "Malformed encoding in request" }, 400);
  }
  log.error("API error", {
    requestId: c.env?.requestId,
    method: c.req.method,
    path: new URL(c.req.url).pathname,
  }, err);
  return c.json({ error: "internal_error", message: "Something went wrong on our side." }, 500);
}
