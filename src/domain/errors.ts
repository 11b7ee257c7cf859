/** A field-level problem, as the API reports it: `{ field, message }`. */
export interface FieldError {
  field: string;
  message: string;
}

/** Base of the errors the API turns into 4xx JSON answers. */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
  ) {
    // A client's refusal is answered, never logged: no stack trace to capture (a launch's 600
    // sold-out answers spent 4% of their time on it). A 5xx keeps its stack for the log.
    const depth = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = depth;
    this.name = "DomainError";
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, errors?: FieldError[]) {
    super(400, "validation_error", message, errors);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super(404, "not_found", message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, errors?: FieldError[]) {
    super(409, "conflict", message, errors);
  }
}

/** Not enough stock for an order: nothing was made; `reason` names what is short. */
export class StockShortError extends DomainError {
  constructor(readonly reason: string) {
    super(409, "not_enough_stock", `${reason}: nothing was ordered.`);
  }
}

/** The request was understood but a business rule refuses it (e.g. not enough stock). */
export class UnprocessableError extends DomainError {
  constructor(code: string, message: string) {
    super(422, code, message);
  }
}

/** A service we depend on (e.g. the payment provider) failed; the request may be retried. */
export class UpstreamError extends DomainError {
  constructor(code: string, message: string) {
    super(502, code, message);
  }
}

/**
 * The store stayed busy (another process held its write lock) or kept conflicting past the
 * retry bound: nothing was written, the request may be repeated after `retryAfterS` seconds.
 */
export class StoreBusyError extends DomainError {
  readonly retryAfterS = 1;
  constructor() {
    super(503, "store_busy", "The shop is busy right now; please try again in a moment.");
  }
}

/**
 * The refusal with its fields named from another root: a rule shared with the checkout names
 * them under `orderData.`, a body holding them at its top names them from there.
 */
export function rerooted(err: unknown, from: string, to: string): unknown {
  if (!(err instanceof DomainError) || !err.errors) return err;
  const errors = err.errors.map((e) => ({
    ...e,
    field: e.field.startsWith(from) ? to + e.field.slice(from.length) : e.field,
  }));
  return new DomainError(err.status, err.code, err.message, errors);
}
