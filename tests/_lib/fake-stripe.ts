export interface Seen {
  method: string;
  path: string;
  headers: Headers;
  form: URLSearchParams;
}

/**
 * A local stand-in for api.stripe.com: records what the real SDK sends, answers like Stripe.
 * A test plays the buyer's card by setting an intent's `status` (`requires_capture` when a
 * manual-capture intent is authorized); capture and cancel move it as Stripe does.
 */
export function fakeStripe() {
  const seen: Seen[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  /** Every refund made, and the one each idempotency key made (Stripe replays it). */
  const refunds: Record<string, unknown>[] = [];
  const refundByKey = new Map<string, Record<string, unknown>>();
  /** `fail`: every call answers an error; `refundAnswerDelayMs`: a refund is made at once and
   * answered that much later (a slow network back from Stripe). */
  const control = { fail: false, refundAnswerDelayMs: 0 };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const url = new URL(req.url);
    const form = new URLSearchParams(req.method === "POST" ? await req.text() : "");
    seen.push({ method: req.method, path: url.pathname, headers: req.headers, form });
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { "Content-Type": "application/json", "Request-Id": "req_fake" },
      });
    if (control.fail) {
      return json({ error: { type: "api_error", message: "Stripe is having a bad day" } }, 400);
    }
    if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
      const id = `pi_fake_${intents.size + 1}`;
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]] = v;
      }
      const pi = {
        id,
        object: "payment_intent",
        amount: Number(form.get("amount")),
        currency: form.get("currency"),
        capture_method: form.get("capture_method") ?? "automatic",
        status: "requires_payment_method",
        client_secret: `${id}_secret_fake`,
        metadata,
        last_payment_error: null,
      };
      intents.set(id, pi);
      return json(pi);
    }
    const unexpected = (pi: Record<string, unknown>, action: string) =>
      json({
        error: {
          type: "invalid_request_error",
          code: "payment_intent_unexpected_state",
          message:
            `You cannot ${action} this PaymentIntent because it has a status of ${pi.status}.`,
        },
      }, 400);
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (req.method === "POST" && cancel) {
      const pi = intents.get(cancel[1]);
      if (!pi) return json({ error: { type: "invalid_request_error" } }, 404);
      // Stripe cancels an intent awaiting payment or authorized (releasing the authorization).
      if (pi.status !== "requires_payment_method" && pi.status !== "requires_capture") {
        return unexpected(pi, "cancel");
      }
      pi.status = "canceled";
      return json(pi);
    }
    const capture = /^\/v1\/payment_intents\/([^/]+)\/capture$/.exec(url.pathname);
    if (req.method === "POST" && capture) {
      const pi = intents.get(capture[1]);
      if (!pi) return json({ error: { type: "invalid_request_error" } }, 404);
      const key = req.headers.get("idempotency-key");
      if (pi.status === "succeeded" && key && pi.captured_with === key) return json(pi);
      if (pi.status !== "requires_capture") return unexpected(pi, "capture");
      pi.status = "succeeded";
      pi.captured_with = key;
      return json(pi);
    }
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      const key = req.headers.get("idempotency-key");
      const replay = key ? refundByKey.get(key) : undefined;
      if (replay) return json(replay);
      const pi = intents.get(form.get("payment_intent") ?? "");
      if (!pi) {
        return json(
          { error: { type: "invalid_request_error", message: "No such payment_intent" } },
          404,
        );
      }
      const refunded = Number(pi.amount_refunded ?? 0);
      const amount = Number(form.get("amount") ?? Number(pi.amount) - refunded);
      if (pi.status !== "succeeded" || amount > Number(pi.amount) - refunded) {
        return json({
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: `Charge for ${pi.id} has already been refunded.`,
          },
        }, 400);
      }
      pi.amount_refunded = refunded + amount;
      const refund = {
        id: `re_fake_${refunds.length + 1}`,
        object: "refund",
        amount,
        currency: pi.currency,
        payment_intent: pi.id,
        status: "succeeded",
      };
      refunds.push(refund);
      if (key) refundByKey.set(key, refund);
      await new Promise((r) => setTimeout(r, control.refundAnswerDelayMs));
      return json(refund);
    }
    const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && m) {
      const pi = intents.get(m[1]);
      // As Stripe: the refunds are on the intent's charge, there when expanded.
      const expanded = [...url.searchParams].some(([k, v]) =>
        k.startsWith("expand[") && v === "latest_charge"
      );
      const charge = {
        id: `ch_${m[1]}`,
        object: "charge",
        payment_intent: m[1],
        amount_refunded: Number(pi?.amount_refunded ?? 0),
      };
      return pi ? json(expanded ? { ...pi, latest_charge: charge } : pi) : json(
        { error: { type: "invalid_request_error", message: "No such payment_intent" } },
        404,
      );
    }
    return json({ error: { type: "invalid_request_error", message: "Unknown route" } }, 404);
  });
  const { port } = server.addr as Deno.NetAddr;
  return {
    seen,
    intents,
    refunds,
    control,
    apiBase: `http://127.0.0.1:${port}`,
    close: () => server.shutdown(),
  };
}
