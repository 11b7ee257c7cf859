import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
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

/**
 * How the routes under a middleware answer a refusal, when they reshape it (a buyer's language,
 * the payment calls' `success: false`): set by `shapeRefusals`, used here so a thrown refusal is
 * answered once (it was answered, read back and answered again: a quarter of a sold-out answer).
 */
export type RefusalAnswer = (body: ErrorBody, status: ContentfulStatusCode) => Promise<Response>;

/** The one place that turns any thrown error into the API's JSON error answer. */
export function handleError(err: Error, c: Context): Response | Promise<Response> {
  // Any app's context (tests mount it on plain ones); the API's declares `refusal` (ApiEnv).
  const shaped = c.get("refusal") as RefusalAnswer | undefined;
  const answer = (body: ErrorBody, status: ContentfulStatusCode) =>
    shaped ? shaped(body, status) : c.json(body, status);
  if (err instanceof DomainError) {
    const body: ErrorBody = { error: err.code, message: err.message };
    if (err instanceof StoreBusyError) {
      log.warn("store busy: answered 503", { requestId: c.env?.requestId }, err);
    }
    if ("retryAfterS" in err) c.header("Retry-After", String(err.retryAfterS));
    if (err.errors?.length) body.errors = err.errors;
    return answer(body, err.status);
  }
  if (err instanceof ZodError) {
    const errors = zodFieldErrors(err);
    const first = errors[0];
    const message = first ? `${first.field}: ${first.message}` : "Invalid request";
    return answer({ error: "validation_error", message, errors }, 400);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 413 ? "Request body is too large" : err.message || "Request failed";
    return answer(
      { error: status === 413 ? "payload_too_large" : "http_error", message },
      status as ContentfulStatusCode,
    );
  }
  // A malformed encoding a parser met past boundInput (e.g. in a body): the client's fault.
  if (err instanceof URIError) {
    return answer({ error: "bad_request", message: "Malformed encoding in request" }, 400);
  }
  log.error("API error", {
    requestId: c.env?.requestId,
    method: c.req.method,
    path: new URL(c.req.url).pathname,
  }, err);
  return answer({ error: "internal_error", message: "Something went wrong on our side." }, 500);
}
