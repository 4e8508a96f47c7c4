// Scheduled publishing (issue 29): the site's time zone and the wall time an admin types in it.
// The editor sends "YYYY-MM-DDTHH:mm" as typed; the server turns it into the UTC instant stored
// in publish_at (wallTimeToUtc) with the site time zone, so the browser's own zone never matters.

/** What a `datetime-local` input sends (seconds only when its step asks for them). */
export const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

export const DEFAULT_TIME_ZONE = "UTC";

/** An IANA zone Intl knows ("Europe/Paris", "UTC"); false for anything else, "" included. */
export function isTimeZone(value: string): boolean {
  if (value.trim() === "" || value !== value.trim()) return false;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone !== "";
  } catch {
    return false;
  }
}

/** The zones to offer in a picker (every one Intl knows, UTC first). */
export function knownTimeZones(): string[] {
  return [DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf("timeZone").filter((z) => z !== DEFAULT_TIME_ZONE)];
}

const partsFormat = (zone: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });

/** The wall clock in `zone` at the instant `utcMs`, as milliseconds of a UTC date with the same fields. */
function wallClockMs(utcMs: number, zone: string): number {
  const parts = Object.fromEntries(partsFormat(zone).formatToParts(new Date(utcMs)).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The zone's offset from UTC at the instant `utcMs` (whole seconds; +3600000 for UTC+1). */
const offsetMs = (utcMs: number, zone: string) => wallClockMs(utcMs, zone) - Math.floor(utcMs / 1000) * 1000;

/** A typed wall time read as UTC fields; null when it is not a real date and time. */
function wallTimeFields(wall: string): number | null {
  const m = WALL_TIME.exec(wall);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  // 2026-02-30 or 25:00 would roll over into another day: not a date anyone meant
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || back.getUTCHours() !== h || back.getUTCMinutes() !== mi) return null;
  return ms;
}

export const isWallTime = (wall: string) => wallTimeFields(wall) !== null;

/**
 * The UTC instant (ISO) of the wall time `wall` in `zone`; null when `wall` is not a date and time.
 * A time skipped by a daylight-saving change (02:30 when clocks jump from 02:00 to 03:00) lands
 * just after the jump; a time that happens twice (clocks going back) gets one of its two instants:
 * either is a real instant with that wall time, which is all a schedule needs.
 */
export function wallTimeToUtc(wall: string, zone: string): string | null {
  const asUtc = wallTimeFields(wall);
  if (asUtc === null) return null;
  // two passes: the offset at the guess, then at the instant that guess gives
  let instant = asUtc - offsetMs(asUtc, zone);
  instant = asUtc - offsetMs(instant, zone);
  return new Date(instant).toISOString();
}

/** The instant `iso` as "YYYY-MM-DDTHH:mm" in `zone`: the value of the editor's datetime input. */
export function utcToWallTime(iso: string, zone: string): string {
  return new Date(wallClockMs(Date.parse(iso), zone)).toISOString().slice(0, 16);
}

/** "1 Dec 2026, 09:00 (Europe/Paris)": a scheduled instant as the admin reads it. */
export function formatInZone(iso: string, zone: string): string {
  const text = new Intl.DateTimeFormat("en-GB", { timeZone: zone, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  return `${text} (${zone})`;
}

/** Published but not public yet: its scheduled instant is after `now` (both UTC ISO). */
export function isScheduled(post: { published: boolean | number; publishAt: string | null }, now: string): boolean {
  return Boolean(post.published) && post.publishAt !== null && post.publishAt > now;
}
