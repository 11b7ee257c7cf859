import type { Order } from "./order.ts";

/** Tracking pages of the carriers staff name most, by a lower-case word of the carrier. */
const TRACKING_URLS: readonly [RegExp, (n: string) => string][] = [
  [/\bdhl\b/, (n) => `https://www.dhl.com/en/express/tracking.html?AWB=${n}`],
  [/\bups\b/, (n) => `https://www.ups.com/track?tracknum=${n}`],
  [/\bfedex\b/, (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`],
  [
    /\bchronopost\b/,
    (n) => `https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT=${n}`,
  ],
  [/\b(colissimo|la poste)\b/, (n) => `https://www.laposte.fr/outils/suivre-vos-envois?code=${n}`],
  [/\bgls\b/, (n) => `https://gls-group.com/track/${n}`],
];

/** The carrier's tracking page for a number, or null for a carrier we do not know. */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const number = encodeURIComponent(trackingNumber.trim());
  if (!number) return null;
  const found = TRACKING_URLS.find(([re]) => re.test(carrier.toLowerCase()));
  return found ? found[1](number) : null;
}

export interface ProgressStep {
  key: "placed" | "paid" | "shipped" | "delivered";
  label: string;
  done: boolean;
}

/** Where an order is, as its buyer reads it: the four steps, and whether it was stopped. */
export function orderProgress(o: Pick<Order, "status" | "paymentStatus" | "refund">) {
  const shipped = o.status === "shipped" || o.status === "delivered";
  const paid = o.paymentStatus === "paid" || o.paymentStatus === "partially_refunded" ||
    o.paymentStatus === "refunded" || shipped;
  const steps: ProgressStep[] = [
    { key: "placed", label: "Order placed", done: true },
    { key: "paid", label: "Paid", done: paid },
    { key: "shipped", label: "Shipped", done: shipped },
    { key: "delivered", label: "Delivered", done: o.status === "delivered" },
  ];
  // A part refunded (a returned item) stops nothing: the rest is still on its way.
  const stoppedBy = o.paymentStatus === "refunded" ||
      (o.refund && o.paymentStatus !== "partially_refunded")
    ? "refunded" as const
    : o.status === "cancelled"
    ? "cancelled" as const
    : null;
  const stopped = stoppedBy === "refunded"
    ? "This order has been refunded."
    : stoppedBy === "cancelled"
    ? "This order has been cancelled."
    : null;
  return { steps, stopped, stoppedBy };
}
