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
/** `port`: where it listens (a server started before it needs its address); 0: any free port. */
export function fakeStripe(port = 0) {
  const seen: Seen[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const customers = new Map<
    string,
    { id: string; cash: number; transactions: Record<string, unknown>[] }
  >();
  /** The webhook events Stripe would send, oldest first. */
  const events: { id: string; type: string; intent: Record<string, unknown> }[] = [];
  /** Every refund made, and the one each idempotency key made (Stripe replays it). */
  const refunds: Record<string, unknown>[] = [];
  const refundByKey = new Map<string, Record<string, unknown>>();
  /** `fail`: every call answers an error; `refundAnswerDelayMs`: a refund is made at once and
   * answered that much later (a slow network back from Stripe). */
  const control = { fail: false, refundAnswerDelayMs: 0 };
  const server = Deno.serve({ hostname: "127.0.0.1", port, onListen() {} }, async (req) => {
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
    const metadata: Record<string, string> = {};
    for (const [k, v] of form) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) metadata[m[1]] = v;
    }
    if (req.method === "POST" && url.pathname === "/v1/customers") {
      const id = `cus_fake_${customers.size + 1}`;
      customers.set(id, { id, cash: 0, transactions: [] });
      return json({
        id,
        object: "customer",
        email: form.get("email"),
        name: form.get("name"),
        metadata,
      });
    }
    const cash = /^\/v1\/customers\/([^/]+)\/cash_balance$/.exec(url.pathname);
    if (req.method === "GET" && cash) {
      const c = customers.get(cash[1]);
      if (!c) return json({ error: { type: "invalid_request_error" } }, 404);
      return json({
        object: "cash_balance",
        available: c.cash ? { eur: c.cash } : null,
        customer: c.id,
        livemode: false,
        settings: { reconciliation_mode: "automatic", using_merchant_default: true },
      });
    }
    const txns = /^\/v1\/customers\/([^/]+)\/cash_balance_transactions$/.exec(url.pathname);
    if (req.method === "GET" && txns) {
      const c = customers.get(txns[1]);
      if (!c) return json({ error: { type: "invalid_request_error" } }, 404);
      // Newest first, as Stripe lists them.
      return json({
        object: "list",
        data: [...c.transactions].reverse(),
        has_more: false,
        url: url.pathname,
      });
    }
    const fund = /^\/v1\/test_helpers\/customers\/([^/]+)\/fund_cash_balance$/.exec(url.pathname);
    if (req.method === "POST" && fund) {
      const c = customers.get(fund[1]);
      if (!c) return json({ error: { type: "invalid_request_error" } }, 404);
      let funds = Number(form.get("amount"));
      const txn = (type: string, net: number, extra: Record<string, unknown> = {}) => {
        const t = {
          id: `ccsbtxn_fake_${c.transactions.length + 1}_${c.id}`,
          object: "customer_cash_balance_transaction",
          created: Math.floor(Date.now() / 1000),
          currency: "eur",
          customer: c.id,
          net_amount: net,
          type,
          ...extra,
        };
        c.transactions.push(t);
        return t;
      };
      const funded = txn("funded", funds, {
        funded: { bank_transfer: { type: "eu_bank_transfer" } },
      });
      // Stripe applies the funds to the Customer's intents awaiting them, oldest first.
      for (const pi of intents.values()) {
        const shown =
          (pi.next_action as { display_bank_transfer_instructions?: Record<string, number> } | null)
            ?.display_bank_transfer_instructions;
        if (pi.customer !== c.id || pi.status !== "requires_action" || !shown || funds <= 0) {
          continue;
        }
        const applied = Math.min(funds, shown.amount_remaining);
        funds -= applied;
        txn("applied_to_payment", -applied, { applied_to_payment: { payment_intent: pi.id } });
        shown.amount_remaining -= applied;
        pi.amount_received = Number(pi.amount) - shown.amount_remaining;
        if (shown.amount_remaining === 0) {
          pi.status = "succeeded";
          pi.next_action = null;
        }
        events.push({
          id: `evt_fake_${events.length + 1}`,
          type: pi.status === "succeeded"
            ? "payment_intent.succeeded"
            : "payment_intent.partially_funded",
          intent: structuredClone(pi),
        });
      }
      c.cash += funds;
      return json(funded);
    }
    if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
      const id = `pi_fake_${intents.size + 1}`;
      const transfer = form.get("allowed_payment_method_types[0]") === "customer_balance" &&
        form.get("confirm") === "true";
      const amount = Number(form.get("amount"));
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
        ...(transfer
          ? {
            status: "requires_action",
            customer: form.get("customer"),
            amount_received: 0,
            next_action: {
              type: "display_bank_transfer_instructions",
              display_bank_transfer_instructions: {
                amount_remaining: amount,
                currency: "eur",
                financial_addresses: [{
                  type: "iban",
                  supported_networks: ["sepa"],
                  iban: {
                    account_holder_name: "Stripe Technology Europe Ltd",
                    bic: "SXPYFRP1XXX",
                    country: "FR",
                    iban: `FR76 3000 1007 9412 3456 7890 ${
                      String(intents.size + 1).padStart(3, "0")
                    }`
                      .replaceAll(" ", ""),
                  },
                }],
                hosted_instructions_url: `https://payments.stripe.com/bank_transfers/${id}`,
                reference: `RFAKE${String(intents.size + 1).padStart(4, "0")}`,
                type: "eu_bank_transfer",
              },
            },
          }
          : {}),
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
      // Stripe cancels an intent awaiting payment, its transfer, or authorized (releasing the
      // authorization); a transfer's funds applied so far go back to the Customer's balance.
      if (
        !["requires_payment_method", "requires_action", "requires_capture"].includes(
          String(pi.status),
        )
      ) {
        return unexpected(pi, "cancel");
      }
      pi.status = "canceled";
      const c = customers.get(String(pi.customer));
      if (c) c.cash += Number(pi.amount_received ?? 0);
      pi.next_action = null;
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
  const listening = (server.addr as Deno.NetAddr).port;
  return {
    seen,
    intents,
    customers,
    events,
    refunds,
    control,
    apiBase: `http://127.0.0.1:${listening}`,
    close: () => server.shutdown(),
  };
}
