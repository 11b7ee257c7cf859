/**
 * The dashboard's and analytics' figures, read from the aggregates kept with the orders
 * (store/order-stats.ts), never from a scan of the orders.
 */
import {
  type DateRangeQuery,
  distribution,
  genderSales,
  idCounts,
  LOW_STOCK,
  orderSummary,
  periodFigures,
  productPerformance,
  repeatRate,
  resolveRange,
  salesByCountry,
  salesOverTime,
  topSelling,
} from "../domain/analytics.ts";
import { firstOfMonth, monthsBack } from "../domain/date-ranges.ts";
import { toPublicOrder } from "../domain/order.ts";
import { EVERY_DATE } from "../domain/order-query.ts";
import { nextDay, shopDay } from "../domain/shop-time.ts";
import type { OrderStatsStore } from "../store/order-stats.ts";
import type { OrderStore } from "../store/orders.ts";
import type { ProductStore } from "../store/products.ts";
import type { StockNotificationStore } from "../store/stock-notifications.ts";
import type { SubscriberStore } from "../store/subscribers.ts";

const DASHBOARD_LIST = 5;

export type Analytics = ReturnType<typeof createAnalytics>;

export function createAnalytics(deps: {
  stats: OrderStatsStore;
  orders: OrderStore;
  products: ProductStore;
  subscribers: SubscriberStore;
  stockNotifications: StockNotificationStore;
  timeZone: string;
  now?: () => number;
}) {
  const { stats } = deps;
  const today = () => shopDay((deps.now ?? Date.now)(), deps.timeZone);

  async function lowStockProducts() {
    return (await deps.products.list()).filter((p) => p.stock <= LOW_STOCK).length;
  }

  async function pendingOrders() {
    return (await stats.all()).statuses.pending ?? 0;
  }

  /** Analytics' default range: the last six months to today. */
  const analyticsRange = (q: DateRangeQuery) =>
    resolveRange(q, { from: monthsBack(today(), 6), to: today() });

  return {
    today,

    async dashboardStats() {
      const day = today();
      const [all, month, year, recent, lowStock] = await Promise.all([
        stats.all(),
        stats.range(firstOfMonth(day), day),
        stats.range(`${day.slice(0, 4)}-01-01`, day),
        deps.orders.query({ limit: DASHBOARD_LIST }, EVERY_DATE),
        lowStockProducts(),
      ]);
      return {
        total: periodFigures(all.total),
        month: periodFigures(month.total),
        year: periodFigures(year.total),
        pendingOrders: all.statuses.pending ?? 0,
        lowStockProducts: lowStock,
        recentOrders: recent.orders.map(toPublicOrder),
        topProducts: topSelling(all, DASHBOARD_LIST),
        salesByCountry: salesByCountry(all),
        paymentMethods: idCounts(all.methods),
        orderStatuses: idCounts(all.statuses),
      };
    },

    /** One entry per day, zeros included; the current month by default. */
    async salesOverTime(q: DateRangeQuery) {
      const range = resolveRange(q, { from: firstOfMonth(today()), to: today() });
      const days = await stats.dayTotals(range.from, range.to);
      return { salesData: salesOverTime(days, range, nextDay) };
    },

    async productPerformance(q: DateRangeQuery, limit: number) {
      const range = analyticsRange(q);
      return { products: productPerformance(await stats.range(range.from, range.to), limit) };
    },

    async orderAnalytics(q: DateRangeQuery) {
      const range = analyticsRange(q);
      const [figures, pending] = await Promise.all([
        stats.range(range.from, range.to),
        pendingOrders(),
      ]);
      return {
        summary: orderSummary(figures, pending),
        orderStatusDistribution: distribution(figures.statuses, "status"),
        paymentMethodDistribution: distribution(figures.methods, "method"),
      };
    },

    async salesByGender(q: DateRangeQuery) {
      const range = analyticsRange(q);
      return { genders: genderSales(await stats.range(range.from, range.to)) };
    },

    async geographicSales(q: DateRangeQuery) {
      const range = analyticsRange(q);
      return { countries: salesByCountry(await stats.range(range.from, range.to)) };
    },

    /** Lifetime figures: customers are counted over every order, not per range. */
    async customerAnalytics() {
      const [customers, subscribers, notifications] = await Promise.all([
        stats.customers(),
        deps.subscribers.page({ page: 1, limit: 1, status: "active", search: "" }),
        deps.stockNotifications.list(),
      ]);
      return {
        subscribers: { total: subscribers.total },
        customers: {
          total: customers.customers,
          repeatCustomers: customers.repeaters,
          repeatRate: repeatRate(customers.customers, customers.repeaters),
        },
        stockNotifications: {
          total: notifications.length,
          pending: notifications.filter((n) => !n.notifiedAt).length,
        },
      };
    },

    async realTimeMetrics() {
      const day = today();
      const [all, todays, lowStock] = await Promise.all([
        stats.all(),
        stats.dayTotals(day, day),
        lowStockProducts(),
      ]);
      return {
        overview: { pendingOrders: all.statuses.pending ?? 0, lowStockProducts: lowStock },
        today: periodFigures(todays.get(day) ?? { o: 0, s: 0, r: 0, u: 0 }),
        at: new Date((deps.now ?? Date.now)()).toISOString(),
      };
    },
  };
}
