import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snrDb } from "#tests/support/audio-analysis.ts";
import { decodeVorbis, encodeVorbis, identificationHeader, lsbBits, readFloats, setupHeader } from "#tests/support/codecs/media/vorbis-streams.ts";
import { HAVE_FFMPEG } from "#tests/support/reference-tools.ts";
import { readOggPackets } from "./ogg-packets.ts";
import { blockCenters, readBlock, readIdentification, readModes } from "./vorbis-packets.ts";

const VORBIS = [..."vorbis"].map((c) => c.charCodeAt(0));

describe("Vorbis headers and blocks", () => {
  it("reads the identification header's channels, rate and block sizes", () => {
    expect(readIdentification(identificationHeader(2, 44100, 256, 2048))).toEqual({ channels: 2, sampleRate: 44100, blocksizes: [256, 2048] });
    expect(readIdentification(identificationHeader(1, 8000, 512, 512)).blocksizes).toEqual([512, 512]);
    expect(() => readIdentification(identificationHeader(2, 44100, 2048, 256))).toThrowError(/invalid/);
    expect(() => readIdentification(identificationHeader(0, 44100, 256, 2048))).toThrowError(/invalid/);
    expect(() => readIdentification(setupHeader([[false, 0]]))).toThrowError(/identification/);
  });

  it("reads the modes' block flags back from the setup header's framing bit", () => {
    expect(readModes(setupHeader([[false, 0], [true, 1]]))).toEqual([false, true]);
    expect(readModes(setupHeader([[false, 0]]))).toEqual([false]);
    expect(readModes(setupHeader([[true, 0], [false, 1], [true, 2], [true, 1]], [0xff, 0x01, 0x80]))).toEqual([true, false, true, true]);
    // the framing bit is the header's last set bit, whatever zero bits pad its byte
    const padded = setupHeader([[false, 0], [true, 0]]);
    expect(readModes(new Uint8Array([...padded, 0, 0]))).toEqual([false, true]);
    expect(() => readModes(new Uint8Array([5, ...VORBIS, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]))).toThrowError(/mode table/);
    expect(() => readModes(identificationHeader(2, 44100, 256, 2048))).toThrowError(/setup/);
  });

  it("reads an audio packet's block size and, for a long block, its window flags", () => {
    const modes = [false, true];
    // packet type 0, mode 1, previous window long, next window short
    expect(readBlock(lsbBits([[0, 1], [1, 1], [1, 1], [0, 1]]), [256, 2048], modes)).toEqual({ size: 2048, previousLong: true, nextLong: false });
    expect(readBlock(lsbBits([[0, 1], [0, 1], [1, 6]]), [256, 2048], modes)).toEqual({ size: 256, previousLong: null, nextLong: null });
    // one mode: no mode bits at all
    expect(readBlock(lsbBits([[0, 1], [0, 7]]), [512, 512], [false])).toEqual({ size: 512, previousLong: null, nextLong: null });
    expect(() => readBlock(lsbBits([[1, 1], [0, 7]]), [256, 2048], modes)).toThrowError(/invalid/);
    // mode 3 of three
    expect(() => readBlock(lsbBits([[0, 1], [3, 2], [0, 5]]), [256, 2048], [false, true, true])).toThrowError(/invalid/);
    expect(() => readBlock(new Uint8Array(0), [256, 2048], modes)).toThrowError(/invalid/);
  });

  it("puts each block's centre a quarter of its size and of the one before after the previous centre", () => {
    // long, long, short, short, long: 1024, then 512 + 64, 128, 64 + 512
    expect(blockCenters([2048, 2048, 256, 256, 2048])).toEqual([0, 1024, 1600, 1728, 2304]);
    expect(blockCenters([])).toEqual([]);
  });
});

describe.skipIf(!HAVE_FFMPEG)("Vorbis blocks of ffmpeg's libvorbis streams", () => {
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "vorbis-packets-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** a chirp with clicks and noise bursts, which libvorbis codes with short blocks; commas escaped for the filter graph */
  const SOUND = ["0.3*sin(2*PI*(200+400*t)*t)+0.8*lt(mod(t\\,0.77)\\,0.002)", "0.25*sin(2*PI*330*t)+0.2*(random(1)-0.5)*lt(mod(t\\,1.3)\\,0.2)"];

  it.each([
    { rate: 44100, channels: 2, kbps: 192, blocksizes: [256, 2048] },
    { rate: 22050, channels: 1, kbps: 64, blocksizes: [512, 1024] },
  ])("$rate Hz, $channels channel(s): every page's granule is its last block's centre, the last trims the sound to its length", ({ rate, channels, kbps, blocksizes }) => {
    const input = join(dir, `in-${rate}.f32`);
    const output = join(dir, `out-${rate}.ogg`);
    encodeVorbis(`aevalsrc=${SOUND.slice(0, channels).join("|")}:s=${rate}:d=2.5`, kbps, [{ file: output }], input);
    const { packets } = readOggPackets(new Uint8Array(readFileSync(output)));
    const [identification, , setup] = packets.map(({ data }) => data);
    const info = readIdentification(identification as Uint8Array);
    expect(info).toEqual({ channels, sampleRate: rate, blocksizes });
    const modes = readModes(setup as Uint8Array);
    expect(modes).toEqual([false, true]);

    const audio = packets.slice(3);
    const blocks = audio.map(({ data }) => readBlock(data, info.blocksizes, modes));
    // the clicks make libvorbis take short blocks; each long block's flags name its neighbours' sizes
    expect(blocks.filter(({ nextLong }) => nextLong === null).length).toBeGreaterThan(10);
    for (const [n, block] of blocks.entries()) {
      if (block.nextLong === null) continue;
      if (n > 0) expect(block.previousLong).toBe(blocks[n - 1]?.size === info.blocksizes[1]);
      if (n < blocks.length - 1) expect(block.nextLong).toBe(blocks[n + 1]?.size === info.blocksizes[1]);
    }
    const centers = blockCenters(blocks.map(({ size }) => size));
    const samples = Math.round(2.5 * rate);
    for (const [n, { granule }] of audio.entries()) {
      if (granule !== null) expect(granule).toBe(n === audio.length - 1 ? samples : centers[n]);
    }
    expect(samples).toBeLessThan(centers.at(-1) ?? 0);
    expect(samples).toBeGreaterThan(centers.at(-2) ?? Infinity);

    // granule 0 is input sample 0: the decoding lines up with the input without a lag
    const original = readFloats(input);
    const { samples: [decoded = new Float32Array(0)], complaints } = decodeVorbis([output]);
    expect(complaints).toBe("");
    expect(decoded.length).toBe(samples * channels);
    const aligned = snrDb(decoded, original);
    expect(aligned).toBeGreaterThan(15);
    for (const lag of [-128, -1, 1, 128]) expect(snrDb(decoded, original, { lag: lag * channels, from: 4096 }), `lag ${lag}`).toBeLessThan(aligned - 10);
  });
});
