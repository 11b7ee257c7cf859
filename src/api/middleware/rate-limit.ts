import type { Context } from "hono";
import { DomainError } from "../../domain/errors.ts";
import type { Session } from "../../services/admin-auth.ts";
import type { Services } from "../../services/container.ts";
import type { RefusalAnswer } from "../errors.ts";

/**
 * What the server entry passes to the API for each request: the client's address and whether
 * the browser is on https, both read from trusted proxies only (see domain/proxy.ts).
 */
export interface ApiEnv {
  Bindings: { clientAddress?: string; requestId?: string; https?: boolean };
  Variables: {
    /** Set by the authorization middleware on every non-public route. */
    session: Session;
    /** How the routes under `shapeRefusals` answer a refusal (the error handler uses it). */
    refusal?: RefusalAnswer;
  };
}

export const RATE_LIMITED_MESSAGE = "Too many requests. Please try again later.";

const TEN_MINUTES = 10 * 60_000;

/** Per client: generous for people, tight for scripts that fill forms. */
export const FORM_LIMITS = {
  demo: { limit: 5, windowMs: TEN_MINUTES },
  newsletter: { limit: 10, windowMs: TEN_MINUTES },
  stockNotification: { limit: 20, windowMs: TEN_MINUTES },
  /** "Find my orders": each call may send a mail. */
  findOrders: { limit: 5, windowMs: TEN_MINUTES },
  /** A buyer's invoice and credit notes behind their order link: each is a PDF made anew. */
  orderDocuments: { limit: 30, windowMs: TEN_MINUTES },
  /** A buyer's withdrawal from the order page: sent once, perhaps repeated; each may mail. */
  withdrawal: { limit: 10, windowMs: TEN_MINUTES },
  /** A buyer retrying a declined card or changing the cart stays far below it. */
  paymentIntent: { limit: 20, windowMs: TEN_MINUTES },
  /** A cart or checkout asks a quote on each change: one every two seconds on average. */
  quote: { limit: 300, windowMs: TEN_MINUTES },
  /** A quote with a VAT number asks VIES: a buyer types theirs a few times, not hundreds. */
  vatCheck: { limit: 20, windowMs: TEN_MINUTES },
  /** "Request a quote": each one asks VIES and mails the buyer and staff. */
  quoteRequest: { limit: 5, windowMs: TEN_MINUTES },
  /** Accepting or declining a quote behind its link: a buyer answers once or twice. */
  quoteAnswer: { limit: 20, windowMs: TEN_MINUTES },
} as const;

/**
 * Refuses a client's write beyond the bucket's limit per window with 429 and Retry-After.
 * Called after validation: only requests that would store something count, so a visitor
 * correcting a form is never locked out. The client is the address the server entry saw (or
 * the proxy's, see TRUST_PROXY).
 */
export async function enforceRateLimit(
  c: Context<ApiEnv>,
  services: Services,
  bucket: keyof typeof FORM_LIMITS,
): Promise<void> {
  const { limit, windowMs } = FORM_LIMITS[bucket];
  const client = c.env?.clientAddress ?? "unknown";
  const { allowed, retryAfter } = await services.rateLimits.hit(bucket, client, limit, windowMs);
  if (!allowed) {
    c.header("Retry-After", String(retryAfter));
    throw new DomainError(429, "rate_limited", RATE_LIMITED_MESSAGE);
  }
}
