import { describe, expect, it } from "vitest";
import { parseConvertArgs } from "./convert-args.ts";
import { convertMedia, MAX_MEDIA_INPUT_BYTES } from "./media-convert.ts";

describe("convertMedia's limits", () => {
  it("refuses an input over 1 GB before starting the engine", async () => {
    // zero-filled and never touched: the operating system commits no memory for it
    const bytes = new Uint8Array(MAX_MEDIA_INPUT_BYTES + 1);
    const args = parseConvertArgs(["big.mp4", "small.mp3"]);
    await expect(Promise.resolve().then(() => convertMedia({ bytes, kind: "video", args }))).rejects.toThrow(
      "This file is over 1 GB: the command line holds a whole audio or video file in memory, so it converts files of up to 1 GB.",
    );
  });
});
