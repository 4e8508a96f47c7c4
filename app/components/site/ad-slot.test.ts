import { describe, expect, it } from "vitest";
import { DEFAULT_ADS_CONFIG } from "#app/lib/ads-config.ts";
import { adSlotView } from "./ad-slot.tsx";

describe("adSlotView (issue 29, finding 3)", () => {
  it("shows visitors nothing for an enabled slot without code (a fresh install's three slots)", () => {
    for (const slot of [DEFAULT_ADS_CONFIG.headerBanner, DEFAULT_ADS_CONFIG.sidebarAd, DEFAULT_ADS_CONFIG.inlineAd]) {
      expect(slot.enabled).toBe(true);
      expect(adSlotView(slot, false)).toBe("none");
    }
    expect(adSlotView({ enabled: true, code: "  \n" }, false)).toBe("none");
  });

  it("shows a signed-in admin an outline where an enabled slot without code would be", () => {
    expect(adSlotView({ enabled: true, code: "" }, true)).toBe("outline");
    expect(adSlotView({ enabled: false, code: "" }, true)).toBe("none");
  });

  it("shows the code to everyone once the slot has some, and nothing once it is off", () => {
    expect(adSlotView({ enabled: true, code: "<b>ad</b>" }, false)).toBe("code");
    expect(adSlotView({ enabled: true, code: "<b>ad</b>" }, true)).toBe("code");
    expect(adSlotView({ enabled: false, code: "<b>ad</b>" }, false)).toBe("none");
  });
});
