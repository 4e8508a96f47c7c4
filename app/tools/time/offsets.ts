// The fixed-offset time-zone converters (hours, wrapping at 24).

export interface TimeZoneConversion {
  slug: string;
  from: { abbr: string; name: string };
  to: { abbr: string; name: string };
  offsetHours: number;
}

export const TIME_CONVERSIONS: readonly TimeZoneConversion[] = [
  { slug: "est-to-gmt-converter", from: { abbr: "EST", name: "Eastern Standard Time" }, to: { abbr: "GMT", name: "Greenwich Mean Time" }, offsetHours: 5 },
  { slug: "gmt-to-eest-converter", from: { abbr: "GMT", name: "Greenwich Mean Time" }, to: { abbr: "EEST", name: "Eastern European Summer Time" }, offsetHours: 3 },
  { slug: "gmt-to-est-converter", from: { abbr: "GMT", name: "Greenwich Mean Time" }, to: { abbr: "EST", name: "Eastern Standard Time" }, offsetHours: -5 },
  { slug: "gmt-to-kst-converter", from: { abbr: "GMT", name: "Greenwich Mean Time" }, to: { abbr: "KST", name: "Korea Standard Time" }, offsetHours: 9 },
  { slug: "kst-to-gmt-converter", from: { abbr: "KST", name: "Korea Standard Time" }, to: { abbr: "GMT", name: "Greenwich Mean Time" }, offsetHours: -9 },
  { slug: "pdt-to-gmt-converter", from: { abbr: "PDT", name: "Pacific Daylight Time" }, to: { abbr: "GMT", name: "Greenwich Mean Time" }, offsetHours: 7 },
  { slug: "pdt-to-bst-converter", from: { abbr: "PDT", name: "Pacific Daylight Time" }, to: { abbr: "BST", name: "British Summer Time" }, offsetHours: 8 },
];

export type TimeResult = { ok: true; time: string; dayShift: -1 | 0 | 1 } | { ok: false; message: string };

export const INVALID_TIME_MESSAGE = "Enter a valid time as HH:MM (00:00 to 23:59).";

/** Shift an HH:MM time by whole hours, wrapping at 24 and saying when the day changes. */
export function shiftTime(input: string, offsetHours: number): TimeResult {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(input.trim());
  if (!match) return { ok: false, message: INVALID_TIME_MESSAGE };
  const minutes = Number(match[1]) * 60 + Number(match[2]) + offsetHours * 60;
  const day = 24 * 60;
  const dayShift = minutes < 0 ? -1 : minutes >= day ? 1 : 0;
  const wrapped = ((minutes % day) + day) % day;
  const hh = String(Math.floor(wrapped / 60)).padStart(2, "0");
  const mm = String(wrapped % 60).padStart(2, "0");
  return { ok: true, time: `${hh}:${mm}`, dayShift };
}

export function dayShiftNote(shift: -1 | 0 | 1): string {
  return shift === 1 ? "next day" : shift === -1 ? "previous day" : "same day";
}
