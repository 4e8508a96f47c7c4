import { describe, expect, it, vi } from "vitest";
import { DEFAULT_ADS_CONFIG, parseAdsConfig } from "./ads-config.ts";

describe("parseAdsConfig", () => {
  it("has the spec's defaults: header, sidebar and inline on; left, right and AdSense off", () => {
    expect(DEFAULT_ADS_CONFIG.headerBanner.enabled).toBe(true);
    expect(DEFAULT_ADS_CONFIG.sidebarAd.enabled).toBe(true);
    expect(DEFAULT_ADS_CONFIG.inlineAd.enabled).toBe(true);
    expect(DEFAULT_ADS_CONFIG.leftSidebar.enabled).toBe(false);
    expect(DEFAULT_ADS_CONFIG.rightSidebar.enabled).toBe(false);
    expect(DEFAULT_ADS_CONFIG.googleAdsense.enabled).toBe(false);
  });
  it("reads a stored config", () => {
    const stored = { ...DEFAULT_ADS_CONFIG, leftSidebar: { enabled: true, code: "<b>ad</b>" } };
    expect(parseAdsConfig(JSON.stringify(stored))).toEqual(stored);
  });
  it.each(["", "{not json", "[]", JSON.stringify({ headerBanner: { enabled: "yes" } })])("keeps the defaults and logs for %j", (raw) => {
    const log = vi.fn();
    expect(parseAdsConfig(raw, log)).toEqual(DEFAULT_ADS_CONFIG);
    expect(log.mock.calls.length).toBe(raw === "" ? 0 : 1);
  });
});
