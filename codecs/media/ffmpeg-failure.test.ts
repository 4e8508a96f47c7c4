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

describe("ffmpegFailure", () => {
  it("names a missing decoder, including ffmpeg 5.1's hardware-only AV1 decoder", () => {
    expect(classify("Decoder (codec av1) not found for input stream #0:0")).toMatchObject({ code: "no-decoder", message: expect.stringContaining("(av1)") });
    expect(classify("[av1 @ 0xdf3cd0] Your platform doesn't suppport hardware accelerated AV1 decoding.", "Error while decoding stream #0:0: Invalid data found when processing input")).toMatchObject({
      code: "no-decoder",
      message: expect.stringContaining("(av1)"),
    });
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
