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

/** "2026-11-23": the shop's day of an instant. */
export function shopDay(ms: number, timeZone: string): string {
  return parts(ms, timeZone).day;
}

/** The instant a shop day ("YYYY-MM-DD") begins, in epoch ms. */
export function dayStart(day: string, timeZone: string): number {
  const [y, m, d] = day.split("-").map(Number);
  const guess = Date.UTC(y, m - 1, d);
  // The zone's offset at the guess, then once more at the corrected instant (DST edges).
  let at = guess - (parts(guess, timeZone).asUtc - guess);
  at = guess - (parts(at, timeZone).asUtc - at);
  return at;
}

/** The day after `day`. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
