import type { Context, Next } from "hono";
import { errorBodyIn } from "../../services/buyer-errors.ts";

/**
 * The shop's calls from a buyer's page (the quote, the payment intent and its confirmation)
 * carry the page's language (`locale`, or `orderData.locale`): their refusals answer in it, so
 * a French buyer reads French under the fields and in the dialogs. English stays the spec's.
 */
export async function buyerLanguage(c: Context, next: Next) {
  await next();
  const type = c.res.headers.get("content-type") ?? "";
  if (c.res.status < 400 || !type.startsWith("application/json")) return;
  // The body as the route read it (Hono keeps it); unreadable, it has no language.
  const sent = await c.req.json().catch(() => null) as
    | { locale?: unknown; orderData?: { locale?: unknown } }
    | null;
  const locale = sent?.locale ?? sent?.orderData?.locale;
  if (locale !== "fr") return;
  const body = await c.res.json();
  c.res = c.json(errorBodyIn(body, "fr"), c.res.status as 400);
}
