import type { Context, Next } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorBodyIn } from "../../services/buyer-errors.ts";
import type { ErrorBody, RefusalAnswer } from "../errors.ts";
import type { ApiEnv } from "./rate-limit.ts";

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
 * A middleware that answers the refusals of the routes under it with `shape`'s body: a thrown
 * refusal through the error handler (`RefusalAnswer`, answered once), one a route returned by
 * answering it anew here.
 */
export function shapeRefusals(shape: (c: Context<ApiEnv>, body: ErrorBody) => Promise<object>) {
  return async (c: Context<ApiEnv>, next: Next) => {
    const answer: RefusalAnswer = async (body, status) => c.json(await shape(c, body), status);
    c.set("refusal", answer);
    await next();
    if (c.error || !isJsonRefusal(c.res)) return;
    c.res = await answer(await c.res.json(), c.res.status as ContentfulStatusCode);
  };
}

/**
 * The shop's calls from a buyer's page (the quote, the payment intent and its confirmation)
 * carry the page's language (`locale`, or `orderData.locale`): their refusals answer in it, so
 * a French buyer reads French under the fields and in the dialogs. English stays the spec's.
 */
export const buyerLanguage = shapeRefusals(async (c, body) =>
  errorBodyIn(body, await sentLanguage(c))
);
