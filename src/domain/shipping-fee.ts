import { z } from "zod";
import { recordTimes } from "./record.ts";
import { CURRENCIES, fromCents } from "./money.ts";

/** A per-country shipping fee as stored in KV. `country` is the country's English name. */
export const shippingFeeSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string().min(1),
  country: z.string().min(1).max(100),
  feeCents: z.number().int().min(0),
  currency: z.enum(CURRENCIES),
  isActive: z.boolean(),
  ...recordTimes,
});
export type ShippingFee = z.infer<typeof shippingFeeSchema>;

export const shippingFeeInputSchema = z.object({
  country: z.string().trim().min(1, "Country and shipping fee are required").max(100),
  shippingFee: z.number().min(0).max(100_000),
  currency: z.enum(CURRENCIES).default("EUR"),
  isActive: z.boolean().default(true),
});
export type ShippingFeeInput = z.input<typeof shippingFeeInputSchema>;

/** The shipping fee record of the spec: _id, country, shippingFee (euros), currency, isActive. */
export function toPublicShippingFee(f: ShippingFee) {
  return {
    _id: f.id,
    country: f.country,
    shippingFee: fromCents(f.feeCents),
    currency: f.currency,
    isActive: f.isActive,
  };
}
export type PublicShippingFee = ReturnType<typeof toPublicShippingFee>;

/** Fee lookups are by country name, case- and accent-insensitive. */
export function countryKey(country: string): string {
  return country.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").trim().toLowerCase();
}

const REQUIRED = "Country and shipping fee are required";

/** `POST /api/shipping/fees` (spec section 5: country and fee required, fee 0 or more). */
export const feeBodySchema = z.object({
  country: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100),
  shippingFee: z.number({ error: REQUIRED }).min(0, "The shipping fee must be 0 or more")
    .max(100_000),
  currency: z.enum(CURRENCIES, { error: "Currency must be EUR or USD" }).default("EUR"),
  isActive: z.boolean().default(true),
});

/** `PUT /api/shipping/fees/{id}`: any of the fields (no defaults: absent means unchanged). */
export const feeUpdateSchema = z.object({
  country: z.string().trim().min(1, REQUIRED).max(100).optional(),
  shippingFee: z.number({ error: REQUIRED }).min(0, "The shipping fee must be 0 or more")
    .max(100_000).optional(),
  currency: z.enum(CURRENCIES, { error: "Currency must be EUR or USD" }).optional(),
  isActive: z.boolean().optional(),
});
