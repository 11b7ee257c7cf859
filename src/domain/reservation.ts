import { z } from "zod";
import { pricedOrderShape } from "./order.ts";

/**
 * A checkout, created with its payment intent. It carries the priced order (what the customer
 * is charged for) and holds no stock while `active` (open, unpaid): its units are taken only
 * when its card is authorized (`committed`), then it becomes an order (`completed`). A
 * checkout that ended unpaid, or whose stock was gone at authorization, is `released`.
 * `expiresAt` ends the time to pay; the sweep then cancels its payment intent.
 */
export const reservationSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string(),
  status: z.enum(["active", "committed", "completed", "released"]),
  paymentIntentId: z.string().optional(),
  ...pricedOrderShape,
  shippingCountry: z.string(),
  shippingFeeDetails: z.object({
    country: z.string(),
    feeCents: z.number().int().min(0),
    currency: z.string(),
  }),
  /** Epoch milliseconds. */
  expiresAt: z.number().int(),
  createdAt: z.string(),
  orderId: z.string().optional(),
  /**
   * The quote this checkout pays ("Pay by card" on its page), at its prices and tax decision, as
   * it was sent (`sentAt`: sending it again, or editing it, leaves this payment behind); its
   * order accepts it.
   */
  quote: z.object({ id: z.string(), number: z.string(), sentAt: z.string() }).optional(),
  lastPaymentError: z.string().optional(),
});
export type Reservation = z.infer<typeof reservationSchema>;
