import {
  lastDayOfMonth,
  monthPeriods,
  periodAt,
  periodContaining,
  periodOf,
} from "../../src/domain/reporting-periods.ts";
import { assertEquals } from "../_lib/assert.ts";

Deno.test("[unit] e-reporting periods: decades under the monthly normal regime, months under the quarterly and simplified ones", () => {
  assertEquals(monthPeriods("monthly", "2026-11"), [
    { id: "2026-11-D1", from: "2026-11-01", to: "2026-11-10" },
    { id: "2026-11-D2", from: "2026-11-11", to: "2026-11-20" },
    { id: "2026-11-D3", from: "2026-11-21", to: "2026-11-30" },
  ]);
  assertEquals(monthPeriods("monthly", "2026-12")[2], {
    id: "2026-12-D3",
    from: "2026-12-21",
    to: "2026-12-31",
  });
  for (const regime of ["quarterly", "simplified"] as const) {
    assertEquals(monthPeriods(regime, "2027-01"), [
      { id: "2027-01", from: "2027-01-01", to: "2027-01-31" },
    ]);
  }
  assertEquals(periodContaining("monthly", "2026-11-10").id, "2026-11-D1");
  assertEquals(periodContaining("monthly", "2026-11-11").id, "2026-11-D2");
  assertEquals(periodContaining("monthly", "2026-11-21").id, "2026-11-D3");
  assertEquals(periodContaining("simplified", "2026-11-30").id, "2026-11");
});

Deno.test("[unit] e-reporting periods: February's last decade and month end on the 28th, or the 29th in a leap year", () => {
  assertEquals(lastDayOfMonth("2027-02"), "2027-02-28");
  assertEquals(lastDayOfMonth("2028-02"), "2028-02-29");
  assertEquals(lastDayOfMonth("2100-02"), "2100-02-28", "a century is no leap year");
  assertEquals(lastDayOfMonth("2000-02"), "2000-02-29", "but every fourth is");
  assertEquals(periodOf("2028-02-D3"), { id: "2028-02-D3", from: "2028-02-21", to: "2028-02-29" });
  assertEquals(periodOf("2027-02"), { id: "2027-02", from: "2027-02-01", to: "2027-02-28" });
  assertEquals(periodContaining("monthly", "2028-02-29").id, "2028-02-D3");
});

Deno.test("[unit] e-reporting periods: an instant belongs to its day in the shop's time zone (Europe/Paris), midnight there", () => {
  const paris = "Europe/Paris";
  // Winter (UTC+1): 23:00 UTC on 10 January is 00:00 on the 11th in Paris.
  assertEquals(periodAt("monthly", Date.parse("2027-01-10T22:59:59Z"), paris).id, "2027-01-D1");
  assertEquals(periodAt("monthly", Date.parse("2027-01-10T23:00:00Z"), paris).id, "2027-01-D2");
  // Summer (UTC+2): 22:00 UTC on 31 July is 1 August in Paris.
  assertEquals(periodAt("quarterly", Date.parse("2027-07-31T21:59:59Z"), paris).id, "2027-07");
  assertEquals(periodAt("quarterly", Date.parse("2027-07-31T22:00:00Z"), paris).id, "2027-08");
  // New Year's Eve: the next year's first period from midnight in Paris.
  assertEquals(periodAt("monthly", Date.parse("2026-12-31T23:00:00Z"), paris).id, "2027-01-D1");
  assertEquals(periodAt("monthly", Date.parse("2026-12-31T23:00:00Z"), "UTC").id, "2026-12-D3");
});

Deno.test("[unit] e-reporting periods: an id names a decade or a month, nothing else", () => {
  for (
    const id of ["2026-13", "2026-00", "2026-11-D4", "2026-11-D0", "2026-1", "x", "2026-11-d1"]
  ) {
    assertEquals(periodOf(id), null, id);
  }
  assertEquals(periodOf("2026-11-D2"), { id: "2026-11-D2", from: "2026-11-11", to: "2026-11-20" });
});
