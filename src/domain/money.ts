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

/** Made once: `toLocaleString` with options builds a formatter on every call (an order's mails
 * format a dozen amounts inside its commit step). */
const grouped = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "88,911.00": thousands grouped with commas, for people to read (not for machines). */
export function formatGrouped(cents: Cents): string {
  return grouped.format(cents / 100);
}

/**
 * Every amount a buyer reads (pages, dialogs, mails): "€88,911.00", or "USD 1,200.00" for
 * another currency.
 */
export function formatMoney(cents: Cents, currency = "EUR"): string {
  const sign = cents < 0 ? "-" : "";
  const amount = formatGrouped(Math.abs(cents));
  return currency === "EUR" ? `${sign}€${amount}` : `${sign}${currency} ${amount}`;
}

/** "€88,911": the dashboard's whole euros. */
export function formatWholeEuros(cents: Cents): string {
  const sign = cents < 0 ? "-" : "";
  return `${sign}€${Math.round(Math.abs(cents) / 100).toLocaleString("en-US")}`;
}

export const CURRENCIES = ["EUR", "USD"] as const;
export type Currency = typeof CURRENCIES[number];

/** A unit price lowered by a discount in basis points (12.5 % -> 1250), to the cent. */
export const discountedCents = (cents: number, discountBp: number) =>
  Math.round(cents * (10_000 - discountBp) / 10_000);
