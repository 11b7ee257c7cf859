import type { APIContext } from "astro";
import { DomainError } from "../domain/errors.ts";

/**
 * What /unsubscribe (either language) does with its request: GET shows a confirmation with a
 * button; POST unsubscribes. Mail clients use the same POST for RFC 8058 one-click (body
 * "List-Unsubscribe=One-Click"), so it answers 200 on success. Sets the page's status and
 * caching; the page file calls it before rendering.
 */
export async function unsubscribeRequest(
  { url, request, locals, response }: Pick<APIContext, "url" | "request" | "locals"> & {
    response: ResponseInit & { headers: Headers };
  },
) {
  const token = url.searchParams.get("token");
  const { newsletter } = locals.services;
  let state: "confirm" | "done" | "invalid" = "invalid";
  let email: string | undefined;
  try {
    if (request.method === "POST") {
      email = await newsletter.unsubscribe(token);
      state = "done";
    } else {
      email = await newsletter.emailForToken(token);
      state = "confirm";
    }
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    response.status = 400;
  }
  response.headers.set("Cache-Control", "no-store");
  return { state, email, token: token ?? undefined };
}
