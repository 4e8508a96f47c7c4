import { describe, expect, it } from "vitest";
import { formatInZone, isScheduled, isTimeZone, isWallTime, utcToWallTime, wallTimeToUtc } from "./schedule.ts";

describe("the site time zone", () => {
  it("accepts the zones Intl knows and nothing else", () => {
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("America/Argentina/Buenos_Aires")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone(" Europe/Paris")).toBe(false);
  });
});

describe("a wall time in the site time zone", () => {
  it("becomes the UTC instant with that wall time there", () => {
    expect(wallTimeToUtc("2026-12-01T09:00", "UTC")).toBe("2026-12-01T09:00:00.000Z");
    // winter: Paris is UTC+1; summer: UTC+2
    expect(wallTimeToUtc("2026-12-01T09:00", "Europe/Paris")).toBe("2026-12-01T08:00:00.000Z");
    expect(wallTimeToUtc("2026-07-01T09:00", "Europe/Paris")).toBe("2026-07-01T07:00:00.000Z");
    expect(wallTimeToUtc("2026-07-01T09:00", "America/New_York")).toBe("2026-07-01T13:00:00.000Z");
    expect(wallTimeToUtc("2026-12-01T09:00", "Asia/Kolkata")).toBe("2026-12-01T03:30:00.000Z");
    // across the date line: 00:30 on the 1st in Auckland (UTC+13) is the 30th in UTC
    expect(wallTimeToUtc("2026-12-01T00:30", "Pacific/Auckland")).toBe("2026-11-30T11:30:00.000Z");
  });

  it("turns a time skipped by the spring change into one just after it", () => {
    // Paris, 29 March 2026: 02:00 becomes 03:00
    const instant = wallTimeToUtc("2026-03-29T02:30", "Europe/Paris")!;
    expect(utcToWallTime(instant, "Europe/Paris")).toBe("2026-03-29T03:30");
  });

  it("reads back as the same wall time", () => {
    for (const zone of ["UTC", "Europe/Paris", "America/Los_Angeles", "Asia/Kathmandu"]) {
      expect(utcToWallTime(wallTimeToUtc("2026-10-10T18:45", zone)!, zone)).toBe("2026-10-10T18:45");
    }
  });

  it("refuses what is not a date and time", () => {
    for (const bad of ["", "tomorrow", "2026-02-30T10:00", "2026-12-01T24:00", "2026-12-01 09:00", "2026-12-01"]) {
      expect(isWallTime(bad)).toBe(false);
      expect(wallTimeToUtc(bad, "UTC")).toBeNull();
    }
    expect(isWallTime("2026-12-01T09:00:30")).toBe(true);
  });
});

describe("a scheduled post", () => {
  it("is scheduled only while published and before its instant", () => {
    const at = "2026-12-01T08:00:00.000Z";
    expect(isScheduled({ published: true, publishAt: at }, "2026-12-01T07:59:59.999Z")).toBe(true);
    expect(isScheduled({ published: true, publishAt: at }, at)).toBe(false);
    expect(isScheduled({ published: false, publishAt: at }, "2026-11-01T00:00:00.000Z")).toBe(false);
    expect(isScheduled({ published: 1, publishAt: null }, "2026-11-01T00:00:00.000Z")).toBe(false);
  });

  it("shows its instant in the site time zone, naming the zone", () => {
    expect(formatInZone("2026-12-01T08:00:00.000Z", "Europe/Paris")).toBe("1 Dec 2026, 09:00 (Europe/Paris)");
  });
});
