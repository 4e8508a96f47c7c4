import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mpegAudioCodec } from "./mpeg-audio.ts";

const dir = mkdtempSync(join(tmpdir(), "mpeg-audio-"));

/** A second of a tone written by native ffmpeg with `codec`, as raw MPEG audio frames (no ID3 tag in front). */
function frames(codec: string, format: string): Uint8Array {
  const out = join(dir, `tone.${codec}.${format}`);
  execFileSync("ffmpeg", ["-hide_banner", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", codec, "-id3v2_version", "0", "-f", format, out]);
  return readFileSync(out);
}

describe("mpegAudioCodec", () => {
  it("tells Layer III from Layer II in frames native ffmpeg wrote", () => {
    expect(mpegAudioCodec(frames("libmp3lame", "mp3"))).toBe("mp3");
    expect(mpegAudioCodec(frames("mp2", "mp2"))).toBe("mp2");
  });

  it("reads Layer I and MPEG-2.5 headers, and refuses bytes that are no frame header", () => {
    expect(mpegAudioCodec(Uint8Array.of(0xff, 0xfe, 0x90, 0x00))).toBe("mp1");
    expect(mpegAudioCodec(Uint8Array.of(0xff, 0xe3, 0x90, 0x00))).toBe("mp3");
    expect(mpegAudioCodec(Uint8Array.of(0xff, 0xea, 0x90, 0x00))).toBeNull();
    expect(mpegAudioCodec(Uint8Array.of(0xff, 0xf9, 0x90, 0x00))).toBeNull();
    expect(mpegAudioCodec(Uint8Array.of(0x49, 0x44, 0x33, 0x03))).toBeNull();
    expect(mpegAudioCodec(new Uint8Array(0))).toBeNull();
  });
});
