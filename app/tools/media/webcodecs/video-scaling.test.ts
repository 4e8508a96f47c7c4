import { describe, expect, it } from "vitest";
import type { TrackPlan } from "#codecs/media/media-types.ts";
import { encoderScaleSize, scaledEncoderConfig, type TrackGeometry } from "./video-scaling.ts";

const hd: TrackGeometry = { codedWidth: 1280, codedHeight: 720, squarePixelWidth: 1280, squarePixelHeight: 720, rotation: 0 };
const to480: TrackPlan = { action: "encode", codec: "avc", width: 854, height: 480, bitrate: 1_500_000 };

describe("encoderScaleSize", () => {
  it("a resize of square-pixel, upright video goes to the encoder at the plan's size", () => {
    expect(encoderScaleSize(hd, to480)).toEqual({ width: 854, height: 480 });
  });

  it("leaves to the canvas what the encoder would get wrong: turned or anamorphic pictures", () => {
    expect(encoderScaleSize({ ...hd, rotation: 90 }, to480)).toBeNull();
    expect(encoderScaleSize({ ...hd, rotation: 180 }, to480)).toBeNull();
    expect(encoderScaleSize({ ...hd, rotation: 360 }, to480)).toEqual({ width: 854, height: 480 });
    expect(encoderScaleSize({ ...hd, squarePixelWidth: 1706 }, to480)).toBeNull();
  });

  it("needs a resize, both sides and a bitrate (which names the conversion to the encoder)", () => {
    expect(encoderScaleSize(hd, { ...to480, width: 1280, height: 720 })).toBeNull();
    expect(encoderScaleSize(hd, { action: "encode", codec: "avc", height: 480, bitrate: 1_500_000 })).toBeNull();
    expect(encoderScaleSize(hd, { action: "encode", codec: "avc", width: 854, height: 480 })).toBeNull();
    expect(encoderScaleSize(hd, { action: "copy", codec: "avc" })).toBeNull();
    expect(encoderScaleSize(hd, { action: "drop" })).toBeNull();
  });
});

describe("scaledEncoderConfig", () => {
  it("takes the output's size, drops the source's display size, keeps the rest", () => {
    const source: VideoEncoderConfig = { codec: "avc1.64001f", width: 1280, height: 720, displayWidth: 1280, displayHeight: 720, bitrate: 1_500_000, bitrateMode: "variable", framerate: 30, avc: { format: "avc" } };
    expect(scaledEncoderConfig(source, { width: 854, height: 480 })).toEqual({ codec: "avc1.64001f", width: 854, height: 480, bitrate: 1_500_000, bitrateMode: "variable", framerate: 30, avc: { format: "avc" }, alpha: "discard" });
  });
});
