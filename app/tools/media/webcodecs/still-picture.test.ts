import { describe, expect, it } from "vitest";
import { stillSize } from "./still-picture.ts";

describe("stillSize", () => {
  it("keeps a picture's own size within 1920×1080, even", () => {
    expect(stillSize({ width: 601, height: 601 }, {})).toEqual({ width: 602, height: 602 });
    expect(stillSize({ width: 3000, height: 3000 }, {})).toEqual({ width: 1080, height: 1080 });
    expect(stillSize({ width: 3840, height: 1600 }, {})).toEqual({ width: 1920, height: 800 });
  });

  it("takes the plan's box, or one side and the picture's shape", () => {
    expect(stillSize({ width: 320, height: 240 }, { height: 480 })).toEqual({ width: 640, height: 480 });
    expect(stillSize({ width: 320, height: 240 }, { width: 854 })).toEqual({ width: 854, height: 640 });
    expect(stillSize({ width: 320, height: 240 }, { width: 1280, height: 720 })).toEqual({ width: 1280, height: 720 });
  });
});
