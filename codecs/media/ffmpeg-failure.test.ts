import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ffmpegFailure, lastMeaningfulLine } from "./ffmpeg-failure.ts";

const classify = (...lines: string[]) => {
  const error = ffmpegFailure(lines);
  return { code: error.code, message: error.message };
};

/** A log whose second stream is a codec ffmpeg calls "none", tagged `tag`. */
const stream = (tag: string) => [
  `  Stream #0:1(eng): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 320x240, 25 fps`,
  `  Stream #0:0(und): Audio: none (${tag}), 48000 Hz, stereo, 128 kb/s (default)`,
  "Decoder (codec none) not found for input stream #0:0",
];

/** A RIFF chunk header: its id and little-endian size. */
const header = (id: string, size: number) => Buffer.concat([Buffer.from(id, "latin1"), Buffer.from(new Uint32Array([size]).buffer)]);

describe("ffmpegFailure", () => {
  it("names a missing decoder, including ffmpeg 5.1's hardware-only AV1 decoder", () => {
    expect(classify("Decoder (codec av1) not found for input stream #0:0")).toEqual({ code: "no-decoder", message: "This file's video is in the AV1 codec, which this converter cannot decode." });
    expect(classify("[av1 @ 0xdf3cd0] Your platform doesn't suppport hardware accelerated AV1 decoding.", "Error while decoding stream #0:0: Invalid data found when processing input")).toEqual({
      code: "no-decoder",
      message: "This file's video is in the AV1 codec, which this converter cannot decode.",
    });
  });

  it("names the codec and the kind of track from the stream line of the same log (the core's own log of a Codec 2 file)", () => {
    const log = [
      "Input #0, codec2, from '/in/c2.c2':",
      "  Duration: 00:00:02.00, bitrate: 3 kb/s",
      "  Stream #0:0: Audio: codec2, 8000 Hz, mono, s16, 3 kb/s",
      "Stream mapping:",
      "  Stream #0:0 -> #0:0 (? (?) -> mp3 (libmp3lame))",
      "Decoder (codec codec2) not found for input stream #0:0",
      "Aborted()",
    ];
    expect(classify(...log)).toEqual({ code: "no-decoder", message: "This file's sound is in the Codec 2 codec, which this converter cannot decode." });
  });

  it("names a codec ffmpeg does not know by its container tag, and says so plainly when the tag is unknown too", () => {
    expect(classify(...stream("ac-4 / 0x342D6361")).message).toBe("This file's sound is in the Dolby AC-4 codec, which this converter cannot decode.");
    expect(classify(...stream("FO[0][0] / 0x4F46")).message).toBe("This file's sound is in a codec that this converter does not know, so it cannot decode it.");
    expect(classify("  Stream #0:0: Video: none (vvc1 / 0x31637676), 1920x1080", "Decoder (codec none) not found for input stream #0:0").message).toBe(
      "This file's video is in the H.266/VVC codec, which this converter cannot decode.",
    );
  });

  it("names the unknown codec of a real WAV file (format tag 0x4F46) from the native ffmpeg's log", () => {
    const dir = mkdtempSync(join(tmpdir(), "ffmpeg-failure-"));
    try {
      const fmt = Buffer.alloc(16);
      fmt.writeUInt16LE(0x4f46, 0);
      fmt.writeUInt16LE(1, 2);
      fmt.writeUInt32LE(8000, 4);
      fmt.writeUInt32LE(8000, 8);
      fmt.writeUInt16LE(1, 12);
      fmt.writeUInt16LE(8, 14);
      const data = Buffer.alloc(8000);
      const wav = Buffer.concat([header("RIFF", 4 + 24 + 8 + data.length), Buffer.from("WAVE"), header("fmt ", 16), fmt, header("data", data.length), data]);
      writeFileSync(join(dir, "x.wav"), wav);
      const log = spawnSync("ffmpeg", ["-hide_banner", "-i", join(dir, "x.wav"), "-f", "null", "-"], { encoding: "utf8" }).stderr.split("\n");
      expect(log.join("\n")).toContain("Audio: none");
      expect(ffmpegFailure(log)).toMatchObject({ code: "no-decoder", message: "This file's sound is in a codec that this converter does not know, so it cannot decode it." });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says a file ffmpeg only guessed to be MP3 does not look like one (native ffmpeg's log of noise named .mp3)", () => {
    // the core's paths: the page mounts /in/input.mp3, the CLI writes /tmp/input.mp3
    const dir = mkdtempSync(join(tmpdir(), "input-"));
    try {
      let state = 0x2545f491;
      const noise = Uint8Array.from({ length: 64 * 1024 }, () => {
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        return state & 0xff;
      });
      writeFileSync(join(dir, "noise.mp3"), noise);
      const log = spawnSync("ffmpeg", ["-hide_banner", "-i", join(dir, "noise.mp3"), "-f", "null", "-"], { encoding: "utf8" }).stderr.split("\n");
      expect(log.join("\n")).toContain("detected only with low score");
      expect(ffmpegFailure(log)).toMatchObject({ code: "corrupt", message: "This file could not be read: it does not look like a real MP3 file (it may be damaged, or another kind of file)." });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says plainly that the core cannot follow a channel layout change (its own log of a TAK file)", () => {
    const log = ["Stream #0:0 -> #0:0 (tak (native) -> mp3 (libmp3lame))", "[Parsed_anull_0 @ 0xdf4ed0] Channel layout change is not supported", "Error while filtering: Not yet implemented in FFmpeg, patches welcome", "Conversion failed!"];
    expect(ffmpegFailure(log)).toMatchObject({ code: "engine-failed", message: "This file's sound changes its channel layout after its header, which this converter's engine cannot follow." });
  });

  it("calls unreadable and truncated input corrupt", () => {
    expect(classify("/in/input.avi: Invalid data found when processing input").code).toBe("corrupt");
    expect(classify("[mov,mp4,m4a,3gp,3g2,mj2 @ 0x1] moov atom not found", "/in/input.mp4: Invalid data found when processing input").code).toBe("corrupt");
  });

  it("recognises running out of memory before anything else", () => {
    expect(classify("Error while decoding stream #0:0: Cannot allocate memory").code).toBe("out-of-memory");
    expect(classify("Aborted(OOM)").code).toBe("out-of-memory");
  });

  it("says which kind of track is missing", () => {
    expect(classify("Stream map '0:a:0' matches no streams.").code).toBe("no-audio");
    expect(classify("Stream map '0:V:0' matches no streams.").code).toBe("no-video");
    expect(classify("Unknown encoder 'libfdk_aac'").code).toBe("no-encoder");
  });

  it("otherwise says a plain sentence, and keeps the last line that says something for the console", () => {
    const log = ["[libmp3lame @ 0x1] something odd happened", "Conversion failed!", "Aborted()", ""];
    expect(lastMeaningfulLine(log)).toBe("[libmp3lame @ 0x1] something odd happened");
    const error = ffmpegFailure(log);
    expect({ code: error.code, message: error.message }).toEqual({ code: "engine-failed", message: "The conversion failed on something in this file that the converter cannot handle." });
    expect((error.cause as Error).message).toBe("[libmp3lame @ 0x1] something odd happened");
  });

  it("puts engine lines into plain words: no path, no 'Invalid argument', no 'Assertion'", () => {
    const cases = [
      ["/in/input.mp3: Invalid argument"],
      ["Assertion failed.", "Aborted()"],
      ["Assertion ret >= 0 failed at libavcodec/foo.c:12"],
      ["/in/input.ogg: End of file"],
      ["Output #0, mp3, to '/tmp/output':", "Output file #0 does not contain any stream"],
      ["Could not write header for output file #0 (incorrect codec parameters ?): Invalid argument"],
      ["[mp3 @ 0x5] something nobody has seen before"],
    ];
    for (const log of cases) {
      const { message } = ffmpegFailure(log);
      expect(message, log.join(" | ")).not.toMatch(/\/in\/|\/tmp\/|Invalid argument|Assertion|@ 0x|#0/);
      expect(message, log.join(" | ")).toMatch(/^[A-Z].{20,}\.$/);
    }
    expect(classify("/in/input.ogg: End of file").code).toBe("corrupt");
    expect(classify("Empty output on stream 0.").message).toBe("This file has no sound.");
  });

  it("classifies the native ffmpeg's log of a file that is not media", () => {
    const dir = mkdtempSync(join(tmpdir(), "ffmpeg-failure-"));
    try {
      writeFileSync(join(dir, "x.avi"), Buffer.alloc(2048, 7));
      const log = spawnSync("ffmpeg", ["-hide_banner", "-i", join(dir, "x.avi")], { encoding: "utf8" }).stderr.split("\n");
      expect(ffmpegFailure(log).code).toBe("corrupt");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
