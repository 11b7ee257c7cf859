/** The shop's days are those of its time zone (SHOP_TIMEZONE, default Europe/Paris). */
export const DEFAULT_SHOP_TIMEZONE = "Europe/Paris";

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock parts of an instant in a time zone. */
function parts(ms: number, timeZone: string) {
  const p = Object.fromEntries(formatter(timeZone).formatToParts(ms).map((x) => [x.type, x.value]));
  return {
    day: `${p.year}-${p.month}-${p.day}`,
    asUtc: Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second),
  };
}

/** The last day `shopDay` answered per time zone, with the instants it spans. */
const lastDays = new Map<string, { day: string; from: number; to: number }>();

/**
 * "2026-11-23": the shop's day of an instant. Every checkout and order write asks it, mostly of
 * today: the last answer is kept with its day's bounds (formatting an instant costs far more).
 */
export function shopDay(ms: number, timeZone: string): string {
  const last = lastDays.get(timeZone);
  if (last && ms >= last.from && ms < last.to) return last.day;
  const { day } = parts(ms, timeZone);
  lastDays.set(timeZone, {
    day,
    from: dayStart(day, timeZone),
    to: dayStart(nextDay(day), timeZone),
  });
  return day;
}

/** The instant a shop day ("YYYY-MM-DD") begins, in epoch ms. */
export function dayStart(day: string, timeZone: string): number {
  const [y, m, d] = day.split("-").map(Number);
  return wallClockToInstant(Date.UTC(y, m - 1, d), timeZone);
}

/** The instant whose wall clock in `timeZone` reads what `wall` reads in UTC. */
function wallClockToInstant(wall: number, timeZone: string): number {
  // The zone's offset at the guess, then once more at the corrected instant (DST edges).
  const at = wall - (parts(wall, timeZone).asUtc - wall);
  return wall - (parts(at, timeZone).asUtc - at);
}

/** The day after `day`. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** "2026-11-23T16:26": the wall clock of an instant in a time zone, as a datetime-local input. */
export function shopDateTimeInput(ms: number, timeZone: string): string {
  return new Date(parts(ms, timeZone).asUtc).toISOString().slice(0, 16);
}

/** The instant a wall-clock time ("YYYY-MM-DDTHH:mm") of the time zone names, in epoch ms. */
export function fromShopDateTimeInput(local: string, timeZone: string): number {
  const wall = Date.parse(`${local.slice(0, 16)}:00Z`);
  return Number.isNaN(wall) ? NaN : wallClockToInstant(wall, timeZone);
}

const staffFormatters = new Map<string, Intl.DateTimeFormat>();

/** "23 Nov 2026, 16:26": an instant as staff read it, in the shop's zone. */
export function formatShopTime(iso: string, timeZone: string): string {
  // One formatter per zone: `toLocaleString` built one per call (every new order's notice).
  let f = staffFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone });
    staffFormatters.set(timeZone, f);
  }
  const at = new Date(iso);
  // "Invalid Date", as toLocaleString says it (format throws).
  return Number.isNaN(at.getTime()) ? String(at) : f.format(at);
}

/** "1 January 2027": a shop day ("YYYY-MM-DD") as a buyer reads it. */
export function formatDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}
