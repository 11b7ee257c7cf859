import type { PublicTax } from "../../domain/tax.ts";
import { cart } from "./cart-store.ts";
import { Store } from "./store.ts";

/**
 * The cart as the server would charge it (`POST /api/checkout/quote`): the tax decision for
 * the country (and a company's VAT number, checked with VIES), the amounts as charged and the
 * VAT. The cart and the checkout show it; the checkout sends its amounts.
 */
export interface Quote {
  items: { id: string; price: number; quantity: number; total: number }[];
  subtotal: number;
  shippingFee: number;
  total: number;
  vat: number;
  tax: PublicTax;
}

export interface QuoteState {
  /** What it is for: the lines, the country and the VAT number (see `quoteKey`). */
  key: string;
  quote: Quote | null;
  loading: boolean;
  /** The server's refusal (a VAT number it does not take: `field` names it), or a failure. */
  error: { message: string; field?: string } | null;
}

export const quote = new Store<QuoteState | null>(null);
let latest = 0;

/** The lines, the country and the VAT number a quote is for. */
export function quoteKey(vatNumber = ""): string {
  const { items, selectedCountry } = cart.value;
  return JSON.stringify([
    items.map((i) => [i.id, i.quantity]),
    selectedCountry,
    vatNumber.trim(),
  ]);
}

/** The current quote, if it is for the cart as it is now (and this VAT number). */
export function currentQuote(vatNumber = ""): Quote | null {
  const q = quote.value;
  return q && q.key === quoteKey(vatNumber) ? q.quote : null;
}

/**
 * Asks the server for the cart's quote (unless the current one is for the same cart); the
 * latest request wins. No country or no line: no quote.
 */
export async function refreshQuote(vatNumber = ""): Promise<QuoteState | null> {
  const key = quoteKey(vatNumber);
  const { items, selectedCountry } = cart.value;
  if (!items.length || !selectedCountry) return (quote.value = null);
  if (quote.value?.key === key && (quote.value.quote || quote.value.loading)) return quote.value;
  const request = ++latest;
  quote.value = { key, quote: null, loading: true, error: null };
  let next: QuoteState;
  try {
    const res = await fetch("/api/checkout/quote", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        items: items.map((i) => ({ id: i.id, quantity: i.quantity })),
        shippingCountry: selectedCountry,
        ...(vatNumber.trim() ? { business: { vatNumber: vatNumber.trim() } } : {}),
      }),
    });
    const data = await res.json().catch(() => ({}));
    next = res.ok ? { key, quote: data as Quote, loading: false, error: null } : {
      key,
      quote: null,
      loading: false,
      error: {
        message: typeof data.message === "string" ? data.message : `Error ${res.status}`,
        field: data.errors?.[0]?.field,
      },
    };
  } catch {
    next = { key, quote: null, loading: false, error: { message: "" } };
  }
  if (request === latest) quote.value = next;
  return next;
}
