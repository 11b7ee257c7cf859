import type { NewOrder } from "../../src/domain/order.ts";

export interface OrderSketch {
  at: string;
  email: string;
  country: string;
  lines: { id: string; title?: string; priceCents: number; quantity: number }[];
  feeCents: number;
  method?: "online" | "delivery";
  paymentStatus?: "pending" | "paid" | "failed";
  status?: NewOrder["status"];
  gender?: string;
}

/** A stored order's data from a few figures (no stock held, so status changes move none). */
export function sketchOrder(s: OrderSketch): NewOrder {
  const subtotal = s.lines.reduce((n, l) => n + l.priceCents * l.quantity, 0);
  return {
    customer: {
      firstName: "Test",
      lastName: s.email.split("@")[0].trim() || "Walk-in",
      email: s.email,
      phone: "",
    },
    shippingAddress: {
      address: "1 Main St",
      city: "City",
      state: "State",
      zipCode: "1000",
      country: s.country,
    },
    items: s.lines.map((l) => ({
      id: l.id,
      title: l.title ?? `Product ${l.id}`,
      priceCents: l.priceCents,
      quantity: l.quantity,
      image: "",
    })),
    subtotalCents: subtotal,
    shippingFeeCents: s.feeCents,
    totalCents: subtotal + s.feeCents,
    currency: "EUR",
    paymentMethod: s.method ?? "online",
    paymentStatus: s.paymentStatus ?? "paid",
    status: s.status ?? "pending",
    shippingCountry: s.country,
    shippingFeeDetails: { country: s.country, feeCents: s.feeCents, currency: "EUR" },
    stockHeld: false,
    ...(s.gender ? { gender: s.gender } : {}),
    createdAt: s.at,
  };
}
