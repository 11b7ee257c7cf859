import { useMemo, useState } from "preact/hooks";
import { formatWholeEuros, toCents } from "../../../domain/money.ts";
import ChartFigure from "../charts/ChartFigure.tsx";
import DateRangeInputs from "../charts/DateRangeInputs.tsx";
import { type ChartConfiguration, PALETTE, useLines } from "../charts/chart.ts";
import { adminApi } from "../ui/api.ts";
import { countOf } from "../../../domain/plural.ts";
import {
  bucketLabel,
  groupSales,
  salesGrain,
  type SalesPoint,
} from "../../../domain/sales-series.ts";

useLines();

type SalesDay = SalesPoint;

/**
 * The dashboard's Sales Over Time line chart with its Start and End pickers; the range lives
 * in the URL (`?start&end`) so a view can be bookmarked. A failed call shows no data (spec).
 */
export default function SalesOverTime(
  { initial, from, to }: { initial: SalesDay[]; from: string; to: string },
) {
  const [range, setRange] = useState({ from, to });
  const [days, setDays] = useState(initial);
  // The range the points are of: a long one is drawn by week or month, never 2,500 days.
  const [shown, setShown] = useState({ from, to });
  const grain = salesGrain(shown.from, shown.to);
  const points = useMemo(() => groupSales(days, grain), [days, grain]);
  const [problem, setProblem] = useState("");

  async function load(next: { from: string; to: string }) {
    setRange(next);
    if (!next.from || !next.to) return;
    if (next.to < next.from) {
      setProblem("End must not be before Start");
      return;
    }
    setProblem("");
    const url = new URL(location.href);
    url.searchParams.set("start", next.from);
    url.searchParams.set("end", next.to);
    history.replaceState(null, "", url);
    try {
      const q = new URLSearchParams({ startDate: next.from, endDate: next.to });
      const res = await adminApi<{ data: { salesData: SalesDay[] } }>(
        `/api/dashboard/sales-over-time?${q}`,
      );
      setDays(res.data.salesData);
    } catch {
      setDays([]);
    }
    setShown(next);
  }

  const config = useMemo<ChartConfiguration | null>(() =>
    points.length === 0 ? null : {
      type: "line",
      data: {
        labels: points.map((d) => bucketLabel(d._id, grain)),
        datasets: [{
          label: "Revenue (€)",
          data: points.map((d) => d.revenue),
          borderColor: PALETTE[0],
          backgroundColor: "rgba(37, 99, 235, 0.12)",
          fill: true,
          tension: 0.25,
        }],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: {
              label: (item) => {
                const d = points[item.dataIndex];
                return `${formatWholeEuros(toCents(d.revenue))}, ${countOf(d.orders, "order")}`;
              },
            },
          },
        },
        scales: { y: { beginAtZero: true } },
      },
    }, [points]);

  return (
    <div class="space-y-3">
      <div class="flex flex-wrap items-end gap-3">
        <DateRangeInputs id="sales-range" range={range} labels={["Start", "End"]} onChange={load} />
        {problem && <p role="alert" class="text-sm text-red-700">{problem}</p>}
      </div>
      <ChartFigure
        title="Sales Over Time"
        config={config}
        empty="No sales data available"
        testId="sales-over-time"
        table={{
          head: [
            grain === "day" ? "Date" : grain === "week" ? "Week" : "Month",
            "Revenue",
            "Orders",
          ],
          rows: points.map((d) => [
            bucketLabel(d._id, grain),
            formatWholeEuros(toCents(d.revenue)),
            d.orders,
          ]),
        }}
      />
    </div>
  );
}
