import { Hono } from "hono";
import { z } from "zod";
import type { SandboxProvider } from "../services/payments/sandbox.ts";
import { readJson } from "./validate.ts";

const confirmCardSchema = z.object({
  clientSecret: z.string().min(1).max(300),
  /** A sandbox token derived in the browser from a test card number; never a card number. */
  paymentMethod: z.string().min(1).max(100),
});

/**
 * The sandbox provider's stand-in for `stripe.confirmCardPayment` (mounted only without keys).
 * A declined card answers 402 with Stripe's error fields: message, code, decline_code.
 */
export function sandboxRouter(sandbox: SandboxProvider) {
  return new Hono().post("/confirm-card", async (c) => {
    const { clientSecret, paymentMethod } = await readJson(c, confirmCardSchema);
    const { intent, error } = await sandbox.confirmCard(clientSecret, paymentMethod);
    const paymentIntent = { id: intent.id, status: intent.status };
    if (error) {
      return c.json({
        error: "card_error",
        message: error.message,
        code: error.code,
        decline_code: error.decline_code,
        paymentIntent,
      }, 402);
    }
    return c.json({ paymentIntent });
  });
}
