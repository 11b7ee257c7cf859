import type { Context, Next } from "hono";
import { errorBodyIn } from "../../services/buyer-errors.ts";

/** Whether the answer is a JSON refusal (its body can be read and answered anew). */
export function isJsonRefusal(res: Response): boolean {
  return res.status >= 400 &&
    (res.headers.get("content-type") ?? "").startsWith("application/json");
}

/**
 * The language a buyer's page sent (`locale`, or `orderData.locale`) from the body as the route
 * read it (Hono keeps it): "fr" or "en" (unreadable, a body has no language).
 */
export async function sentLanguage(c: Context): Promise<"en" | "fr"> {
  const sent = await c.req.json().catch(() => null) as
    | { locale?: unknown; orderData?: { locale?: unknown } }
    | null;
  return (sent?.locale ?? sent?.orderData?.locale) === "fr" ? "fr" : "en";
}

/**
 * The shop's calls from a buyer's page (the quote, the payment intent and its confirmation)
 * carry the page's language (`locale`, or `orderData.locale`): their refusals answer in it, so
 * a French buyer reads French under the fields and in the dialogs. English stays the spec's.
 */
export async function buyerLanguage(c: Context, next: Next) {
  await next();
  if (!isJsonRefusal(c.res) || (await sentLanguage(c)) !== "fr") return;
  const body = await c.res.json();
  c.res = c.json(errorBodyIn(body, "fr"), c.res.status as 400);
}
