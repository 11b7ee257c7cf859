import type { ComponentChildren } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import { type DayRange, quickRanges } from "../../../domain/date-ranges.ts";
import { formatMoney, toCents } from "../../../domain/money.ts";
import { STATUS_COLOURS } from "../../../domain/order-status.ts";
import { shopDay } from "../../../domain/shop-time.ts";
import ChartFigure from "../charts/ChartFigure.tsx";
import DateRangeInputs from "../charts/DateRangeInputs.tsx";
import {
  CHART_COLOURS,
  type ChartConfiguration,
  PALETTE,
  useBars,
  useDoughnuts,
  useLines,
} from "../charts/chart.ts";
import { adminApi } from "../ui/api.ts";
import { countOf } from "../../../domain/plural.ts";

useBars();
useLines();
useDoughnuts();

interface Summary {
  pendingOrders: number;
  totalRevenue: number;
  totalOrders: number;
  averageOrderValue: number;
  totalUnitsSold: number;
}
interface Share {
  count: number;
  percentage: number;
}
export interface AnalyticsData {
  products: { _id: string; name: string; totalRevenue: number; totalSold: number }[];
  orders: {
    summary: Summary;
    orderStatusDistribution: (Share & { status: string })[];
    paymentMethodDistribution: (Share & { method: string })[];
  };
  genders: { gender: string; totalRevenue: number; orderCount: number }[];
  countries: { _id: string; orders: number; revenue: number }[];
  customers: {
    subscribers: { total: number };
    customers: { total: number; repeatRate: number };
    stockNotifications: { total: number };
  };
}
interface RealTime {
  overview: { pendingOrders: number; lowStockProducts: number };
}

const REFRESH_MS = 30_000;
/** The quick ranges' buttons: label, and the range's name in quickRanges. */
const QUICK_RANGES = [
  ["Last Month", "lastMonth"],
  ["Last 6 Months", "lastSixMonths"],
  ["All Time", "allTime"],
] as const;
const PANEL = "rounded-xl bg-white p-4 ring-1 ring-slate-200";
const money = (euros: number) => formatMoney(toCents(euros));
const spaced = (v: string) => v.replaceAll("_", " ");

/** The calls of one range, by the name the error box gives them. */
const CALLS = {
  "product-performance": (q: string) => `/api/analytics/product-performance?${q}&limit=10`,
  "order-analytics": (q: string) => `/api/analytics/order-analytics?${q}`,
  "sales-by-gender": (q: string) => `/api/analytics/sales-by-gender?${q}`,
  "geographic-sales": (q: string) => `/api/analytics/geographic-sales?${q}`,
  "customer-analytics": (q: string) => `/api/analytics/customer-analytics?${q}`,
} as const;
type CallName = keyof typeof CALLS;

async function fetchRange(range: DayRange) {
  const q = new URLSearchParams({ startDate: range.from, endDate: range.to }).toString();
  const names = Object.keys(CALLS) as CallName[];
  const settled = await Promise.allSettled(
    names.map((n) => adminApi<{ data: unknown }>(CALLS[n](q)).then((r) => r.data)),
  );
  const got = Object.fromEntries(
    settled.map((s, i) => [names[i], s.status === "fulfilled" ? s.value : null]),
  ) as Record<CallName, unknown>;
  const failed = names.filter((_, i) => settled[i].status === "rejected");
  return { got, failed };
}

function rangeFromUrl(fallback: DayRange): DayRange {
  const p = new URLSearchParams(location.search);
  const from = p.get("start");
  const to = p.get("end");
  const day = /^\d{4}-\d{2}-\d{2}$/;
  return from && to && day.test(from) && day.test(to) && from <= to ? { from, to } : fallback;
}

/**
 * The Analytics Dashboard: figures of a date range (in the URL, so a view can be bookmarked
 * and the back button works), real-time metrics re-polled every 30 s while the tab is visible.
 * Quick ranges end on the shop's today, in the shop's time zone, whatever the browser's.
 */
export default function Analytics(
  { initial, timeZone }: { initial: DayRange; timeZone: string },
) {
  const [range, setRange] = useState(initial);
  const [data, setData] = useState<Partial<AnalyticsData>>({});
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState<string[]>([]);
  const [live, setLive] = useState<RealTime | null>(null);

  useEffect(() => {
    let current = true;
    setLoading(true);
    fetchRange(range).then(({ got, failed }) => {
      if (!current) return;
      const products = got["product-performance"] as { products: AnalyticsData["products"] };
      setData({
        products: products?.products,
        orders: got["order-analytics"] as AnalyticsData["orders"] | undefined,
        genders: (got["sales-by-gender"] as { genders: AnalyticsData["genders"] })?.genders,
        countries: (got["geographic-sales"] as { countries: AnalyticsData["countries"] })
          ?.countries,
        customers: got["customer-analytics"] as AnalyticsData["customers"] | undefined,
      });
      setFailed(failed);
      setLoading(false);
    });
    return () => {
      current = false;
    };
  }, [range.from, range.to]);

  useEffect(() => {
    const poll = () =>
      adminApi<{ data: RealTime }>("/api/analytics/real-time-metrics")
        .then((r) => setLive(r.data), () =>
          setFailed((f) => [...new Set([...f, "real-time-metrics"])]));
    poll();
    const timer = setInterval(() => document.visibilityState === "visible" && poll(), REFRESH_MS);
    const onVisible = () => document.visibilityState === "visible" && poll();
    document.addEventListener("visibilitychange", onVisible);
    const onPop = () => setRange(rangeFromUrl(initial));
    addEventListener("popstate", onPop);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      removeEventListener("popstate", onPop);
    };
  }, []);

  function choose(next: DayRange) {
    if (!next.from || !next.to || next.to < next.from) return;
    const url = new URL(location.href);
    url.searchParams.set("start", next.from);
    url.searchParams.set("end", next.to);
    history.pushState(null, "", url);
    setRange(next);
  }

  return (
    <div class="space-y-6">
      <div class="flex flex-wrap items-center gap-3">
        <h1 class="text-2xl font-bold">Analytics Dashboard</h1>
        <span
          class="rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-900"
          data-testid="range-badge"
        >
          {range.from} - {range.to}
        </span>
      </div>
      <RangePicker range={range} timeZone={timeZone} onChoose={choose} />

      {failed.length > 0 && (
        <div role="alert" class="rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          Failed to fetch analytics data: {failed.join(", ")}
        </div>
      )}
      {loading
        ? (
          <div class="flex justify-center py-16" role="status" aria-live="polite">
            <span class="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600" />
            <span class="sr-only">Loading analytics</span>
          </div>
        )
        : <Figures data={data} live={live} />}
    </div>
  );
}

/** The range's Start and End dates, and the quick ranges' buttons. */
function RangePicker(
  { range, timeZone, onChoose }: {
    range: DayRange;
    timeZone: string;
    onChoose: (next: DayRange) => void;
  },
) {
  return (
    <div class={`flex flex-wrap items-end gap-3 ${PANEL}`}>
      <DateRangeInputs
        id="analytics-range"
        range={range}
        labels={["Start Date", "End Date"]}
        onChange={onChoose}
      />
      <div class="flex flex-wrap gap-2">
        {QUICK_RANGES.map(([label, name]) => (
          <button
            key={name}
            type="button"
            class="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
            onClick={() => onChoose(quickRanges(shopDay(Date.now(), timeZone))[name])}
          >
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}

function Card({ label, value }: { label: string; value: string }) {
  return (
    <div class={PANEL} data-testid="stat-card">
      <span class="block text-sm text-slate-600">{label}</span>
      <span class="mt-1 block text-2xl font-bold tabular-nums">{value}</span>
    </div>
  );
}

const baseOptions = { responsive: true, maintainAspectRatio: false, animation: false } as const;

interface Slice {
  name: string;
  share: Share;
  colour: string;
}

/** A donut of shares, its legend 'name (count)', its tooltips 'name: N orders (P%)'. */
function donut(slices: Slice[]): ChartConfiguration | null {
  if (slices.length === 0) return null;
  return {
    type: "doughnut",
    data: {
      labels: slices.map((s) => `${s.name} (${s.share.count})`),
      datasets: [{
        data: slices.map((s) => s.share.count),
        backgroundColor: slices.map((s) => s.colour),
      }],
    },
    options: {
      ...baseOptions,
      plugins: {
        legend: { position: "bottom" },
        tooltip: {
          callbacks: {
            label: (i) => {
              const s = slices[i.dataIndex];
              return `${s.name}: ${countOf(s.share.count, "order")} (${s.share.percentage}%)`;
            },
          },
        },
      },
    },
  };
}

/**
 * A figure of the orders' shares (by status, by payment method): the donut, and its table of
 * `column`, orders and share. `slices` must keep its identity while the data is unchanged.
 */
function ShareFigure(
  { column, slices, ...figure }: {
    title: string;
    column: string;
    empty: string;
    testId: string;
    slices: Slice[];
  },
) {
  const config = useMemo(() => donut(slices), [slices]);
  return (
    <ChartFigure
      {...figure}
      config={config}
      table={{
        head: [column, "Orders", "Share"],
        rows: slices.map((s) => [s.name, s.share.count, `${s.share.percentage}%`]),
      }}
    />
  );
}

function Figures({ data, live }: { data: Partial<AnalyticsData>; live: RealTime | null }) {
  const summary = data.orders?.summary;
  const products = (data.products ?? []).slice(0, 5);
  const statuses = data.orders?.orderStatusDistribution ?? [];
  const methods = data.orders?.paymentMethodDistribution ?? [];
  const genders = data.genders ?? [];
  const countries = data.countries ?? [];

  const productChart = useMemo<ChartConfiguration | null>(() =>
    products.length === 0 ? null : {
      type: "bar",
      data: {
        labels: products.map((p) => p.name),
        datasets: [{
          label: "Revenue (€)",
          data: products.map((p) => p.totalRevenue),
          backgroundColor: PALETTE[0],
        }],
      },
      options: {
        ...baseOptions,
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { label: (i) => money(Number(i.raw)) } },
        },
      },
    }, [data.products]);

  const statusSlices = useMemo(() =>
    statuses.map((s) => ({
      name: s.status,
      share: s,
      colour: CHART_COLOURS[STATUS_COLOURS[s.status] ?? "grey"],
    })), [data.orders]);

  const genderChart = useMemo<ChartConfiguration | null>(() =>
    genders.length === 0 ? null : {
      type: "bar",
      data: {
        labels: genders.map((g) => g.gender),
        datasets: [
          {
            type: "bar",
            label: "Revenue (€)",
            data: genders.map((g) => g.totalRevenue),
            backgroundColor: PALETTE[1],
            yAxisID: "y",
          },
          {
            type: "line",
            label: "Orders",
            data: genders.map((g) => g.orderCount),
            borderColor: PALETTE[2],
            backgroundColor: PALETTE[2],
            yAxisID: "orders",
          },
        ],
      },
      options: {
        ...baseOptions,
        scales: {
          y: { beginAtZero: true, position: "left" },
          orders: { beginAtZero: true, position: "right", grid: { drawOnChartArea: false } },
        },
      },
    }, [data.genders]);

  const methodSlices = useMemo(() =>
    methods.map((m, i) => ({
      name: spaced(m.method),
      share: m,
      colour: PALETTE[i % PALETTE.length],
    })), [data.orders]);

  const c = data.customers;
  return (
    <>
      <div class="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Card label="Pending Orders" value={String(live?.overview.pendingOrders ?? 0)} />
        <Card label="Total Revenue" value={money(summary?.totalRevenue ?? 0)} />
        <Card label="Total Orders" value={String(summary?.totalOrders ?? 0)} />
        <Card label="Low Stock Items" value={String(live?.overview.lowStockProducts ?? 0)} />
      </div>
      <div class="grid gap-4 lg:grid-cols-2">
        <ChartFigure
          title="Top Products by Revenue"
          config={productChart}
          empty="No product data available"
          testId="chart-products"
          table={{
            head: ["Product", "Revenue"],
            rows: products.map((p) => [p.name, money(p.totalRevenue)]),
          }}
        />
        <ShareFigure
          title="Order Status Distribution"
          column="Status"
          empty="No order data available"
          testId="chart-statuses"
          slices={statusSlices}
        />
        <ChartFigure
          title="Sales by Gender"
          config={genderChart}
          empty="No gender data available"
          testId="chart-genders"
          table={{
            head: ["Gender", "Revenue", "Orders"],
            rows: genders.map((g) => [g.gender, money(g.totalRevenue), g.orderCount]),
          }}
        />
        <ShareFigure
          title="Payment Methods"
          column="Method"
          empty="No payment method data available"
          testId="chart-methods"
          slices={methodSlices}
        />
      </div>
      <div class="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Panel title="Customer Insights" testId="customer-insights">
          <dl class="grid grid-cols-2 gap-3 text-sm">
            <Figure label="Total Subscribers" value={String(c?.subscribers.total ?? 0)} />
            <Figure label="Total Customers" value={String(c?.customers.total ?? 0)} />
            <Figure label="Repeat Rate" value={`${(c?.customers.repeatRate ?? 0).toFixed(2)}%`} />
            <Figure label="Stock Notifications" value={String(c?.stockNotifications.total ?? 0)} />
          </dl>
        </Panel>
        <Panel title="Sales by Country" testId="sales-by-country">
          {countries.length === 0
            ? (
              <p class="py-6 text-center text-sm text-slate-500">
                No sales data by country available
              </p>
            )
            : (
              <ol class="divide-y divide-slate-100 text-sm">
                {countries.map((k, i) => (
                  <li key={k._id} class="flex items-center gap-3 py-2">
                    <span class="w-8 font-semibold text-slate-500">#{i + 1}</span>
                    <span class="min-w-0 flex-1 truncate font-medium">{k._id}</span>
                    <span class="tabular-nums text-slate-600">{countOf(k.orders, "order")}</span>
                    <span class="w-24 text-right tabular-nums">{money(k.revenue)}</span>
                  </li>
                ))}
              </ol>
            )}
        </Panel>
        <Panel title="Summary Statistics" testId="summary-statistics">
          <dl class="grid grid-cols-2 gap-3 text-sm">
            <Figure label="Total Revenue" value={money(summary?.totalRevenue ?? 0)} />
            <Figure label="Total Orders" value={String(summary?.totalOrders ?? 0)} />
            <Figure label="Average Order Value" value={money(summary?.averageOrderValue ?? 0)} />
            <Figure label="Units Sold" value={String(summary?.totalUnitsSold ?? 0)} />
          </dl>
        </Panel>
      </div>
    </>
  );
}

function Panel(
  { title, testId, children }: { title: string; testId: string; children: ComponentChildren },
) {
  return (
    <section class={PANEL} data-testid={testId}>
      <h2 class="mb-3 font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt class="text-slate-600">{label}</dt>
      <dd class="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
