import type { ComponentChildren, FunctionComponent, RefObject } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import {
  cardProblem,
  checkoutProblemDialog,
  NETWORK_ERROR,
  SOLD_OUT,
} from "../domain/payment-errors.ts";
import type { BillingDetails, CardField } from "./checkout/card-field.ts";
import { pageMessages } from "../i18n/client.ts";
import type { Messages } from "../i18n/catalog.ts";
import { fill } from "../i18n/fill.ts";
import { formatMoney } from "../i18n/format.ts";
import type { Lang } from "../i18n/locales.ts";
import { PRIMARY_BUTTON } from "../ui/FormField.tsx";

type Field = FunctionComponent<{ fieldRef: RefObject<CardField | null>; lang: Lang }>;
type Method = "card" | "transfer";
/** A call's answer: its status and JSON body. */
type Answer = { status: number; data: Record<string, unknown> };

/** Refusals after which the intent cannot be paid again: the next try opens a new one. */
const INTENT_OVER = [SOLD_OUT, "payment_intent_canceled", "not_enough_stock"];

/**
 * "Pay now" on the quote page (src/layouts/QuotePage.astro): by card, through the checkout's
 * own card field (the sandbox's or Stripe Elements', its code loaded only when shown) and its
 * intent for the quote's total, which the server prices; or, where Stripe is configured, by its
 * bank transfer, whose order is made at once. Paid or ordered, the buyer goes to the order's
 * page; a quote answered meanwhile says so, the card not charged.
 */
export default function QuotePayment(
  {
    lang,
    number,
    token,
    totalCents,
    provider,
    publishableKey,
    bankTransfer,
    billing,
    words: w,
    children,
  }: {
    lang: Lang;
    number: string;
    token: string;
    totalCents: number;
    provider: "stripe" | "sandbox";
    publishableKey: string;
    bankTransfer: boolean;
    /** The quote's buyer, given to the card's provider as its billing details. */
    billing: BillingDetails;
    /** The section's words, in the page's language (the server's catalogue). */
    words: Messages["quotes"]["page"]["pay"];
    /** What paying accepts (the terms, the privacy notice): the page's HTML. */
    children?: ComponentChildren;
  },
) {
  const t = pageMessages("checkout", lang);
  const [method, setMethod] = useState<Method>("card");
  const [Field, setField] = useState<Field | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [refused, setRefused] = useState(false);
  const card = useRef<CardField | null>(null);
  const intent = useRef<{ clientSecret: string; paymentIntentId: string; authorized: boolean }>(
    null,
  );
  const amount = formatMoney(totalCents, lang);
  const problem = (code: string, message = "") =>
    checkoutProblemDialog({ code, message }, pageMessages("payment", lang)).text;

  useEffect(() => {
    if (method !== "card" || Field) return;
    // The checkout's card field (and Stripe.js) loads only once the buyer is here to pay by card,
    // from the checkout island's own module: one chunk for the shop and this page.
    const loading: Promise<Field> = provider === "stripe"
      ? import("./checkout/StripeCheckout.tsx").then((m) => (p) => (
        <m.Field {...p} publishableKey={publishableKey} />
      ))
      : import("./checkout/SandboxCheckout.tsx").then((m) => m.Field);
    loading.then((f) => setField(() => f)).catch(() => setError(problem(NETWORK_ERROR)));
  }, [method]);

  async function post(action: string, body: unknown): Promise<Answer> {
    const res = await fetch(
      `/api/public/quotes/${encodeURIComponent(number)}/${action}?t=${encodeURIComponent(token)}`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      },
    );
    return { status: res.status, data: await res.json().catch(() => ({})) };
  }

  /** Where a successful answer leads, or what the buyer is told. */
  function settle({ status, data }: Answer) {
    if (status < 300) return location.assign(String(data.orderUrl));
    const code = String(data.error ?? "");
    if (INTENT_OVER.includes(code) || code.startsWith("quote_")) intent.current = null;
    // Answered, cancelled or expired meanwhile: nothing was charged; the page says what it is.
    if (status === 409 && code.startsWith("quote_")) return setRefused(true);
    setError(problem(code, String(data.message ?? "")));
  }

  /** The card's way: the quote's intent, the card's authorization, then the server's settling. */
  async function payByCard() {
    if (!intent.current) {
      const opened = await post("pay", { method: "card" });
      if (opened.status !== 200) return settle(opened);
      intent.current = {
        clientSecret: String(opened.data.clientSecret),
        paymentIntentId: String(opened.data.paymentIntentId),
        authorized: false,
      };
    }
    const current = intent.current;
    if (!current.authorized) {
      const result = await card.current!.confirm(current.clientSecret, billing);
      if (result.error) {
        const p = cardProblem(result.error, t.cardFailed);
        return setError(problem(p.code, p.message));
      }
      if (result.status !== "requires_capture" && result.status !== "succeeded") {
        return setError(t.notCompleted);
      }
      current.authorized = true;
    }
    settle(await post("confirm-payment", { paymentIntentId: current.paymentIntentId }));
  }

  async function submit(e: Event) {
    e.preventDefault();
    if (busy) return;
    if (method === "card") {
      const missing = card.current ? card.current.problem() : t.stripeLoading;
      if (missing) return setError(missing);
    }
    setBusy(true);
    setError("");
    try {
      if (method === "transfer") settle(await post("pay", { method: "transfer" }));
      else await payByCard();
    } catch {
      setError(problem(NETWORK_ERROR));
    } finally {
      setBusy(false);
    }
  }

  const methods: [Method, string, string][] = [
    ["card", w.card, w.cardNote],
    ["transfer", w.transfer, w.transferNote],
  ];
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="quote-pay-title"
      class="rounded-lg border border-slate-200 p-4 sm:p-6"
      data-testid="quote-pay"
    >
      <h2 id="quote-pay-title" class="text-xl font-semibold text-ink">{w.heading}</h2>
      <p class="mt-2 text-sm text-slate-700">{w.text}</p>
      {bankTransfer && (
        <fieldset class="mt-3">
          <legend class="text-sm font-medium text-slate-700">{w.method}</legend>
          {methods.map(([value, label, note]) => (
            <label
              key={value}
              class="mt-1 flex items-start gap-3 rounded-md border border-slate-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name="quotePayMethod"
                value={value}
                checked={method === value}
                onChange={() => {
                  setMethod(value);
                  setError("");
                }}
                aria-describedby={`quote-pay-${value}-note`}
                class="mt-1"
              />
              <span class="flex flex-col text-sm">
                <span class="font-medium text-slate-900">{label}</span>
                <span id={`quote-pay-${value}-note`} class="text-slate-600">{note}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {method === "card" && (
        <div class="mt-4">
          {Field
            ? <Field fieldRef={card} lang={lang} />
            : <p class="text-sm text-slate-600">{t.stripeLoading}</p>}
        </div>
      )}
      <p role="alert" class="mt-3 text-sm font-medium text-red-700" data-testid="quote-pay-error">
        {refused
          ? (
            <>
              {w.refused}{" "}
              <button type="button" class="underline" onClick={() => location.reload()}>
                {w.reload}
              </button>
            </>
          )
          : error}
      </p>
      <button type="submit" disabled={busy || refused} class={`${PRIMARY_BUTTON} mt-2`}>
        {busy ? w.busy : fill(method === "card" ? w.payCard : w.payTransfer, { amount })}
      </button>
      {children}
    </form>
  );
}
