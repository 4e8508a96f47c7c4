import { describe, expect, it } from "vitest";
import { requestParallelMp3 } from "./parallel-mp3.ts";

describe("requestParallelMp3", () => {
  const cbr = { action: "encode", codec: "mp3", bitrate: 192_000 } as const;

  it("asks for lanes for a long CBR MP3 encode into an MP3 file, and takes nothing back once closed", () => {
    const request = requestParallelMp3(cbr, "mp3", 180, 44100, 2);
    expect(request?.lanes).toBe(2);
    expect(request?.taken()).toBe(false);
    request?.close();
  });

  it("encodes in one pass: one lane, a short sound, VBR, another codec or container", () => {
    expect(requestParallelMp3(cbr, "mp3", 180, 44100, 1)).toBeNull();
    // two stretches of 384 frames at 44.1 kHz are 20.06 s
    expect(requestParallelMp3(cbr, "mp3", 20, 44100, 2)).toBeNull();
    expect(requestParallelMp3(cbr, "mp3", null, 44100, 2)).toBeNull();
    expect(requestParallelMp3({ ...cbr, vbrQuality: 2 }, "mp3", 180, 44100, 2)).toBeNull();
    expect(requestParallelMp3({ ...cbr, codec: "aac" }, "mp3", 180, 44100, 2)).toBeNull();
    expect(requestParallelMp3(cbr, "matroska", 180, 44100, 2)).toBeNull();
    expect(requestParallelMp3({ action: "copy", codec: "mp3" }, "mp3", 180, 44100, 2)).toBeNull();
  });
});
