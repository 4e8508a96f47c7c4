import { describe, expect, it } from "vitest";
import { shortDate, timeAgo } from "./time-ago.ts";

const NOW = Date.parse("2026-11-22T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("timeAgo", () => {
  it("words the distance from now", () => {
    expect(timeAgo(ago(5_000), NOW)).toBe("just now");
    expect(timeAgo(ago(MIN), NOW)).toBe("1 minute ago");
    expect(timeAgo(ago(5 * MIN + 20_000), NOW)).toBe("5 minutes ago");
    expect(timeAgo(ago(3 * HOUR), NOW)).toBe("3 hours ago");
    expect(timeAgo(ago(DAY), NOW)).toBe("yesterday");
    expect(timeAgo(ago(3 * DAY), NOW)).toBe("3 days ago");
    expect(timeAgo(ago(14 * DAY), NOW)).toBe("2 weeks ago");
    expect(timeAgo(ago(65 * DAY), NOW)).toBe("2 months ago");
    expect(timeAgo(ago(400 * DAY), NOW)).toBe("last year");
  });

  it("copes with clock skew and bad input", () => {
    expect(timeAgo(ago(-10_000), NOW)).toBe("just now");
    expect(timeAgo(ago(-2 * HOUR), NOW)).toBe("in 2 hours");
    expect(timeAgo("not a date", NOW)).toBe("");
  });
});

describe("shortDate", () => {
  it("formats in UTC", () => {
    expect(shortDate("2026-11-22T14:05:09.000Z")).toBe("22 Nov 2026, 14:05 UTC");
    expect(shortDate("nope")).toBe("");
  });
});
