import { describe, expect, it } from "vitest";
import { codecLabel, codecOfTag, dataStart, undecodableMessage, unreadableFormat } from "./codec-names.ts";

const bytes = (text: string) => new Uint8Array([...text].map((char) => char.charCodeAt(0)));

describe("codec names", () => {
  it("names ffmpeg's codec ids in plain words, the unknown ones in capitals", () => {
    expect(codecLabel("eac3")).toBe("E-AC-3");
    expect(codecLabel("amr_nb")).toBe("AMR-NB");
    expect(codecLabel("h263")).toBe("H.263");
    expect(codecLabel("shorten")).toBe("Shorten");
    expect(codecLabel("tak")).toBe("TAK");
    expect(codecLabel("codec2")).toBe("Codec 2");
    expect(codecLabel("vvc")).toBe("H.266/VVC");
    expect(codecLabel("xyz")).toBe("XYZ");
  });

  it("names a codec ffmpeg 5.1 calls none by its container tag", () => {
    expect(codecOfTag("ac-4")).toBe("Dolby AC-4");
    expect(codecOfTag(" mhm1 ")).toBe("MPEG-H 3D Audio");
    expect(codecOfTag("A_AC4")).toBe("Dolby AC-4");
    expect(codecOfTag("FO[0][0]")).toBeNull();
  });

  it("words the refusal by track and codec", () => {
    expect(undecodableMessage("sound", "OptimFROG")).toBe("This file's sound is in the OptimFROG codec, which this converter cannot decode.");
    expect(undecodableMessage("video", "AV1")).toBe("This file's video is in the AV1 codec, which this converter cannot decode.");
    expect(undecodableMessage(null, "AV1")).toBe("This file is in the AV1 codec, which this converter cannot decode.");
    expect(undecodableMessage("sound", null)).toBe("This file's sound is in a codec that this converter does not know, so it cannot decode it.");
  });
});

describe("formats no ffmpeg reads", () => {
  it("recognises OptimFROG by its header, after an ID3v2 tag too", () => {
    const ofr = bytes("OFR \x0f\x00\x00\x00");
    expect(unreadableFormat(ofr)).toEqual({ kind: "sound", codec: "OptimFROG" });
    // ID3v2.4, no flags, syncsafe size 0x0101 = 129 bytes of tag
    const id3 = bytes("ID3\x04\x00\x00\x00\x00\x01\x01");
    expect(dataStart(id3)).toBe(10 + 129);
    expect(dataStart(bytes("ID3\x04\x00\x10\x00\x00\x00\x05"))).toBe(10 + 5 + 10);
    expect(dataStart(ofr)).toBe(0);
  });

  it("leaves everything else to ffmpeg", () => {
    for (const head of ["tBaK\x00\x00", "ajkg\x02", "MAC \x96\x0f", "fLaC\x00", "OFR", "RIFF\x00\x00\x00\x00WAVE", ""]) expect(unreadableFormat(bytes(head))).toBeNull();
  });
});
