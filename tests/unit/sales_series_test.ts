import { bucketLabel, groupSales, salesGrain } from "../../src/domain/sales-series.ts";
import { assertEquals } from "../_lib/assert.ts";

Deno.test("[unit] sales series: a month is daily, a year weekly, 2020 to now monthly", () => {
  assertEquals(salesGrain("2026-11-01", "2026-11-30"), "day");
  assertEquals(salesGrain("2026-01-01", "2026-03-31"), "day", "90 days");
  assertEquals(salesGrain("2026-01-01", "2026-04-01"), "week", "91 days");
  assertEquals(salesGrain("2025-01-01", "2026-11-23"), "week");
  assertEquals(salesGrain("2020-01-01", "2026-11-23"), "month");
});

Deno.test("[unit] sales series: weeks start on Monday and months sum to the cent", () => {
  const days = [
    { _id: "2026-11-22", revenue: 0.1, orders: 1 }, // a Sunday
    { _id: "2026-11-23", revenue: 0.2, orders: 1 }, // Monday
    { _id: "2026-11-29", revenue: 10.05, orders: 2 }, // Sunday
    { _id: "2026-12-01", revenue: 1, orders: 1 },
  ];
  assertEquals(groupSales(days, "week"), [
    { _id: "2026-11-16", revenue: 0.1, orders: 1 },
    { _id: "2026-11-23", revenue: 10.25, orders: 3 },
    { _id: "2026-11-30", revenue: 1, orders: 1 },
  ]);
  assertEquals(groupSales(days, "month"), [
    { _id: "2026-11", revenue: 10.35, orders: 4 },
    { _id: "2026-12", revenue: 1, orders: 1 },
  ]);
  assertEquals(groupSales(days, "day"), days);
  assertEquals(bucketLabel("2026-11-23", "week"), "Week of 2026-11-23");
});
