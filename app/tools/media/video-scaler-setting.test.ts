import { describe, expect, it } from "vitest";
import { VIDEO_SCALER_KEY, videoScalerSetting } from "./video-scaler-setting.ts";

const storage = (value: string | null) => ({ getItem: (key: string) => (key === VIDEO_SCALER_KEY ? value : null) });

describe("videoScalerSetting", () => {
  it("only \"canvas\" forces the canvas; anything else leaves the choice to the engine", () => {
    expect(videoScalerSetting(storage("canvas"))).toBe("canvas");
    for (const other of [null, "", "encoder", "Canvas"]) expect(videoScalerSetting(storage(other)), String(other)).toBeUndefined();
    expect(videoScalerSetting(undefined)).toBeUndefined();
  });

  it("storage that throws (blocked) leaves the choice to the engine", () => {
    const blocked = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    };
    expect(videoScalerSetting(blocked)).toBeUndefined();
  });
});
