// "5 minutes ago" for the dashboard's Recent Activity. The loader passes its own clock (`now`), so
// the server's HTML and the hydrated page say the same thing. Each formatter is made once, on first
// use: building one loads ICU data (several ms on a phone), and a table of 50 rows made 50 of them.

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

let relativeFormat: Intl.RelativeTimeFormat | undefined;
let shortDateFormat: Intl.DateTimeFormat | undefined;

/** Relative time in English ("just now", "3 hours ago", "yesterday"); "" for an unreadable date. */
export function timeAgo(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "";
  const seconds = Math.round((now - then) / 1000);
  if (Math.abs(seconds) < 60) return "just now";
  relativeFormat ??= new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(-Math.trunc(seconds / size), unit);
  }
  return "just now";
}

/** A short absolute date for tooltips: "22 Nov 2026, 14:05 UTC". */
export function shortDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  shortDateFormat ??= new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return `${shortDateFormat.format(date)} UTC`;
}
