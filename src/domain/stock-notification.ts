import { z } from "zod";
import { apiRecord } from "./record.ts";
import type { PublicStockNotification } from "./stock-notification-groups.ts";

export const stockNotificationSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  email: z.string(),
  isNotified: z.boolean(),
  notifiedAt: z.string().nullable(),
  /** The page's language when asked (absent: English): the mail and its link speak it. */
  lang: z.enum(["en", "fr"]).optional(),
  createdAt: z.string(),
});
export type StockNotification = z.infer<typeof stockNotificationSchema>;

export const toPublicStockNotification = (n: StockNotification): PublicStockNotification =>
  apiRecord(n, ["productId", "productName", "email", "isNotified", "notifiedAt", "createdAt"]);

/** The words of the back-in-stock mail in one language (src/i18n: `mail.backInStock...`). */
export interface BackInStockWords {
  subject: (product: string) => string;
  hello: string;
  text: (product: string) => string;
}

/** The mail that tells a waiting customer the product is back, with a link to it. */
export function backInStockMail(
  n: Pick<StockNotification, "email" | "productName">,
  productUrl: string,
  siteName: string,
  w: BackInStockWords,
) {
  return {
    to: n.email,
    subject: w.subject(n.productName),
    text: [
      w.hello,
      "",
      w.text(n.productName),
      "",
      productUrl,
      "",
      siteName,
    ].join("\n"),
  };
}

export type { PublicStockNotification } from "./stock-notification-groups.ts";
export { groupByProduct } from "./stock-notification-groups.ts";
