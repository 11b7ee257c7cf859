/** Money is integer cents inside; the API speaks euros with two decimals. */
export type Cents = number;

export function toCents(euros: number): Cents {
  return Math.round(euros * 100);
}

export function fromCents(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** "600.00" */
export function formatAmount(cents: Cents): string {
  return (cents / 100).toFixed(2);
}

/** "€600.00" (or "USD 12.00" for another currency) */
export function formatMoney(cents: Cents, currency = "EUR"): string {
  return currency === "EUR" ? `€${formatAmount(cents)}` : `${currency} ${formatAmount(cents)}`;
}

export const CURRENCIES = ["EUR", "USD"] as const;
export type Currency = typeof CURRENCIES[number];
