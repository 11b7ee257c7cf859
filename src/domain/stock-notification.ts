import { z } from "zod";

export const stockNotificationSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  email: z.string(),
  isNotified: z.boolean(),
  notifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StockNotification = z.infer<typeof stockNotificationSchema>;

export function toPublicStockNotification(n: StockNotification) {
  return {
    _id: n.id,
    productId: n.productId,
    productName: n.productName,
    email: n.email,
    isNotified: n.isNotified,
    notifiedAt: n.notifiedAt,
    createdAt: n.createdAt,
  };
}

/** The mail that tells a waiting customer the product is back, with a link to it. */
export function backInStockMail(
  n: Pick<StockNotification, "email" | "productName">,
  productUrl: string,
  siteName: string,
) {
  return {
    to: n.email,
    subject: `${n.productName} is back in stock`,
    text: [
      "Hello,",
      "",
      `${n.productName} is back in stock. You asked us to tell you: here it is.`,
      "",
      productUrl,
      "",
      siteName,
    ].join("\n"),
  };
}

export type PublicStockNotification = ReturnType<typeof toPublicStockNotification>;

/** Notifications per product, newest first in each, with their Pending and Notified counts. */
export function groupByProduct(list: PublicStockNotification[]) {
  const groups = new Map<string, {
    productId: string;
    productName: string;
    pending: number;
    notified: number;
    notifications: PublicStockNotification[];
  }>();
  for (const n of [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt))) {
    const g = groups.get(n.productId) ??
      {
        productId: n.productId,
        productName: n.productName,
        pending: 0,
        notified: 0,
        notifications: [],
      };
    g.notifications.push(n);
    if (n.isNotified) g.notified++;
    else g.pending++;
    groups.set(n.productId, g);
  }
  return [...groups.values()].sort((a, b) => a.productName.localeCompare(b.productName));
}
