import { describe, expect, it } from "vitest";
import { fixtureUnavailable, mediaFixtureBytes, type FixtureName } from "#tests/support/media-fixtures.ts";
import { inputKind } from "./input-kind.ts";
import { mediaKind, mediaKindByName } from "./media-kind.ts";

const unavailable = fixtureUnavailable("mp4");

/** An ISO BMFF file's first box: "ftyp" with this major brand. */
const ftyp = (brand: string) => Uint8Array.from([0, 0, 0, 16, ...new TextEncoder().encode(`ftyp${brand}\0\0\0\0`)]);

describe.skipIf(unavailable !== null)("mediaKind on real files (made by native ffmpeg)", () => {
  it.each<[FixtureName, "audio" | "video"]>([
    ["wav", "audio"], ["mp3", "audio"], ["ogg", "audio"], ["opus", "audio"], ["flac", "audio"], ["m4a", "audio"], ["aac", "audio"], ["wma", "audio"],
    ["webm", "video"], ["mp4", "video"], ["mov", "video"], ["mkv", "video"], ["avi", "video"], ["flv", "video"], ["mpg", "video"],
  ])("%s is %s by its bytes, whatever its name", (fixture, kind) => {
    const bytes = mediaFixtureBytes(fixture);
    expect(mediaKind(bytes)).toBe(kind);
    expect(inputKind(bytes, "renamed.bin")).toBe(kind);
  });
});

describe("mediaKind's edges", () => {
  it("leaves AVIF and HEIC images to the AVIF converter, takes other ISO BMFF brands", () => {
    expect(inputKind(ftyp("avif"), "a.avif")).toBe("avif");
    expect(inputKind(ftyp("heic"), "a.heic")).toBe("avif");
    expect(inputKind(ftyp("isom"), "a.bin")).toBe("video");
    expect(inputKind(ftyp("M4A "), "a.bin")).toBe("audio");
  });

  it("knows raw formats without a signature by their extension, after every signature and text", () => {
    const ac3 = Uint8Array.from([0x0b, 0x77, 0, 0x12, 0x34, 0x40, 0x2f, 0x84]);
    expect(mediaKind(ac3)).toBeNull();
    expect(inputKind(ac3, "film.ac3")).toBe("audio");
    expect(inputKind(Uint8Array.from([0, 0, 0, 1, 0x67, 0x42]), "clip.h264")).toBe("video");
    expect(mediaKindByName("notes.bin")).toBeNull();
    // the rarer names the audio page takes (decision 038): the CLI takes them too
    for (const name of ["voice.8svx", "speech.sph", "film.thd", "film.mlp", "headset.aptx"]) expect(inputKind(Uint8Array.from([0, 0, 0, 0, 0xf0, 0, 0x80, 0]), name)).toBe("audio");
    expect(inputKind(Uint8Array.from([0, 0, 0, 0, 0xf0, 0, 0x80, 0]), "camera.dv")).toBe("video");
    // Shorten, TAK, Creative Voice and NIST SPHERE by their signatures (a silent Shorten file's bytes pass for text)
    for (const head of ["ajkg\x02", "tBaK\x00", "Creative Voice File\x1a", "NIST_1A\n   1024\n"]) expect(inputKind(new TextEncoder().encode(head), "sound.bin")).toBe("audio");
    // raw YUV video begins with words, and a GIF is the video converter's animation
    expect(inputKind(new TextEncoder().encode("YUV4MPEG2 W320 H240 F25:1 Ip A1:1 C420jpeg\nFRAME\n"), "raw.y4m")).toBe("video");
    expect(inputKind(new TextEncoder().encode("GIF89a\x10\x00\x10\x00"), "anim.gif")).toBe("video");
    // a text file named .mp3 is text: its bytes say so before the name is asked
    expect(inputKind(new TextEncoder().encode("just some words"), "song.mp3")).toBe("txt");
  });
});
