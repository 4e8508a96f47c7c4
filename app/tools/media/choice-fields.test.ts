import { describe, expect, it } from "vitest";
import { choiceFromFields, defaultFields } from "./choice-fields.ts";
import { defaultSink, DISK_OUTPUT_FROM_BYTES, memoryWarning } from "./output-sink.ts";

describe("choiceFromFields", () => {
  it("turns the default fields into copy-friendly defaults", () => {
    const outcome = choiceFromFields(defaultFields("mp3"), null);
    expect(outcome).toEqual({
      ok: true,
      choice: {
        target: "mp3",
        audio: { bitrate: { mode: "auto" }, sampleRate: "keep", channels: "keep", wavBitDepth: 16 },
        video: { resolution: "keep", quality: "auto", noAudio: false, webmCodec: "vp9" },
        trim: { startSeconds: 0, endSeconds: null },
        picture: { kind: "none" },
      },
    });
  });

  it("reads CBR, VBR, sample rate, channels, resolution and a trim typed with a decimal comma", () => {
    const fields = { ...defaultFields("mp4"), bitrate: "vbr-2", sampleRate: "48000", channels: "1", resolution: "720", trimStart: "1,5", trimEnd: " 10 " };
    const outcome = choiceFromFields(fields, null);
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.choice.audio).toMatchObject({ bitrate: { mode: "vbr", quality: 2 }, sampleRate: 48000, channels: 1 });
    expect(outcome.choice.video.resolution).toBe(720);
    expect(outcome.choice.trim).toEqual({ startSeconds: 1.5, endSeconds: 10 });
    expect(choiceFromFields({ ...fields, bitrate: "256" }, null)).toMatchObject({ choice: { audio: { bitrate: { mode: "cbr", kbps: 256 } } } });
  });

  it("refuses a trim that is not a number and a picture track without a picture", () => {
    expect(choiceFromFields({ ...defaultFields("mp3"), trimEnd: "abc" }, null)).toEqual({ ok: false, message: "Trim end must be a number of seconds." });
    expect(choiceFromFields({ ...defaultFields("mp4"), picture: "file" }, null)).toMatchObject({ ok: false });
    const picture = new File([new Uint8Array([1])], "cover.png", { type: "image/png" });
    expect(choiceFromFields({ ...defaultFields("mp4"), picture: "file" }, picture)).toMatchObject({ ok: true, choice: { picture: { kind: "file", file: picture } } });
  });
});

describe("output sinks", () => {
  it("keeps small outputs in memory and writes large ones to the best disk sink", () => {
    expect(defaultSink(DISK_OUTPUT_FROM_BYTES - 1, ["handle", "opfs", "memory"])).toBe("memory");
    expect(defaultSink(DISK_OUTPUT_FROM_BYTES, ["handle", "opfs", "memory"])).toBe("handle");
    expect(defaultSink(DISK_OUTPUT_FROM_BYTES, ["opfs", "memory"])).toBe("opfs");
    expect(defaultSink(DISK_OUTPUT_FROM_BYTES, ["memory"])).toBe("memory");
    // a folder's file or a list's later one has no click of its own for the Save-as dialog
    expect(defaultSink(DISK_OUTPUT_FROM_BYTES, ["handle", "opfs", "memory"], { unattended: true })).toBe("opfs");
    expect(defaultSink(DISK_OUTPUT_FROM_BYTES, ["handle", "memory"], { unattended: true })).toBe("memory");
    expect(defaultSink(DISK_OUTPUT_FROM_BYTES - 1, ["handle", "opfs", "memory"], { unattended: true })).toBe("memory");
  });

  it("warns only when a huge output has to stay in memory", () => {
    expect(memoryWarning(2 ** 31, "memory")).toBe(true);
    expect(memoryWarning(2 ** 31, "opfs")).toBe(false);
    expect(memoryWarning(1000, "memory")).toBe(false);
  });
});
