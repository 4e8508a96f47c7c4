import { describe, expect, it } from "vitest";
import { parseConvertArgs, UsageError } from "./convert-args.ts";

describe("parseConvertArgs", () => {
  it("defaults to the top mip level, face 0, slice 0, uncompressed DDS and the preselected icon sizes", () => {
    expect(parseConvertArgs(["in.dds", "out.png"])).toEqual({
      input: "in.dds",
      output: "out.png",
      level: 0,
      face: 0,
      slice: 0,
      all: false,
      exposure: 0,
      tonemap: "default",
      format: "rgba8",
      quality: "balanced",
      mips: false,
      sizes: [16, 32, 48],
      midi: {},
      media: {},
      soundFont: null,
      data: { delimiter: "auto", header: true, quote: "minimal", pretty: true, keepTypes: true },
      document: {},
      ebook: { cover: null },
    });
  });

  it("reads every option", () => {
    const args = parseConvertArgs(["a.dds", "b.png", "--level", "2", "--face", "-y", "--slice", "3", "--all", "--exposure", "-1.5", "--tonemap", "clamp"]);
    expect(args).toMatchObject({ level: 2, face: "-Y", slice: 3, all: true, exposure: -1.5, tonemap: "clamp" });
    expect(parseConvertArgs(["a.png", "b.dds", "--format", "bc7", "--quality", "fast", "--mips"])).toMatchObject({ format: "bc7", quality: "fast", mips: true });
    expect(parseConvertArgs(["a.png", "b.ico", "--sizes", "256,16,16,48"]).sizes).toEqual([16, 48, 256]);
    const midi = parseConvertArgs(["a.mid", "b.mp3", "--bitrate", "320", "--bits", "24", "--sample-rate", "48000", "--normalise", "lufs", "--tail", "0.5", "--no-reverb", "--no-chorus", "--soundfont", "my.sf2"]);
    expect(midi.midi).toEqual({ mp3Kbps: 320, wavBits: 24, sampleRate: 48000, normalisation: "lufs", tailSeconds: 0.5, reverb: false, chorus: false });
    expect(parseConvertArgs(["a.csv", "b.csv", "--delimiter", "tab", "--no-header", "--quote", "all", "--compact", "--all-strings"]).data).toEqual({ delimiter: "\t", header: false, quote: "all", pretty: false, keepTypes: false });
    expect(parseConvertArgs(["a.csv", "b.csv", "--delimiter", ";"]).data.delimiter).toBe(";");
    expect(midi.soundFont).toBe("my.sf2");
    const ebook = parseConvertArgs(["a.epub", "b.azw3", "--title", "New title", "--author", "A & B", "--cover", "c.jpg", "--kindle-images", "oasis"]);
    expect(ebook.ebook).toEqual({ title: "New title", author: "A & B", cover: "c.jpg", kindleImageSize: "oasis" });
  });

  it.each([
    [[], /input file and an output file/],
    [["a"], /input file and an output file/],
    [["a", "b", "c"], /Too many file names: c/],
    [["a", "b", "--level"], /--level needs a value/],
    [["a", "b", "--level", "-1"], /--level takes a whole number/],
    [["a", "b", "--face", "+W"], /--face takes a whole number/],
    [["a", "b", "--format", "dxt9"], /--format takes one of rgba8, bc1, bc3, bc7/],
    [["a", "b", "--tonemap", "aces"], /--tonemap takes one of default, clamp/],
    [["a", "b", "--exposure", "lots"], /--exposure takes a number/],
    [["a", "b", "--sizes", "16,20"], /--sizes takes sizes from 16, 24, 32, 48, 64, 128, 256.*"20"/],
    [["a", "b", "--colour", "red"], /Unknown option --colour/],
    [["a", "b", "--bits", "8"], /--bits takes one of 16, 24/],
    [["a", "b", "--normalise", "loud"], /--normalise takes one of peak, lufs, off/],
    [["a", "b", "--tail", "long"], /--tail takes a number/],
    [["a", "b", "--bitrate", "high"], /--bitrate takes kbps \(192\), auto, or vbr-0/],
    [["a", "b", "--quality", "great"], /--quality takes one of fast, balanced, best \(DDS\) or auto, high, medium, low \(video\)/],
    [["a", "b", "--channels", "stereo"], /--channels takes keep or a whole number/],
    [["a", "b", "--start", "1:30"], /--start takes a number/],
  ])("refuses %j", (argv, message) => {
    expect(() => parseConvertArgs(argv)).toThrow(UsageError);
    expect(() => parseConvertArgs(argv)).toThrow(message);
  });
  it("reads the media page's fields and leaves their ranges to the planner", () => {
    const video = parseConvertArgs(["a.mp4", "b.mkv", "--bitrate", "vbr-2", "--sample-rate", "22050", "--channels", "1", "--start", "1.5", "--end", "9", "--resolution", "720", "--quality", "high", "--no-audio"]);
    expect(video.media).toEqual({ bitrate: "vbr-2", sampleRate: "22050", channels: "1", trimStart: "1.5", trimEnd: "9", resolution: "720", quality: "high", noAudio: true });
    // a video quality is no DDS quality, and a DDS one no video quality
    expect(video.quality).toBe("balanced");
    expect(parseConvertArgs(["a.png", "b.dds", "--quality", "best"]).media).toEqual({});
    // shared with MIDI: a number reaches both, and checkMidiChoice judges it
    expect(parseConvertArgs(["a.mid", "b.mp3", "--bitrate", "96", "--sample-rate", "22050"]).midi).toEqual({ mp3Kbps: 96, sampleRate: 22050 });
  });

  it("reads the PDF converter's options and leaves their ranges to checkDocumentChoice", () => {
    expect(parseConvertArgs(["a.pdf", "a.png", "--dpi", "200", "--jpeg-quality", "80", "--pages", "1-3,5", "--password", "s3cret"]).document).toEqual({ dpi: 200, jpegQuality: 80, pages: "1-3,5", password: "s3cret" });
    expect(() => parseConvertArgs(["a.pdf", "a.png", "--dpi", "high"])).toThrow('--dpi takes a whole number from 0 up (got "high").');
  });
});
