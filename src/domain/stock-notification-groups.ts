/* Grouping of stock notifications per product; free of zod, the admin island imports it. */
/** A stock notification as the API shows it. */
export interface PublicStockNotification {
  _id: string;
  productId: string;
  productName: string;
  email: string;
  isNotified: boolean;
  notifiedAt: string | null;
  createdAt: string;
}

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
