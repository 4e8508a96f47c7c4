// The Vorbis join: on made-up streams (which packets it keeps, the granules it writes, when it
// refuses), then on native libvorbis encodes (ffmpeg) of overlapping stretches of one sound, decoded
// by native ffmpeg and compared sample by sample with the input and with the single-pass encode.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join as joinPath } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snrDb } from "#tests/support/audio-analysis.ts";
import { changingSound } from "#tests/support/media-fixtures.ts";
import { decodeVorbis, encodeVorbis, readFloats, vorbisStream, type Stretch } from "#tests/support/codecs/media/vorbis-streams.ts";
import { HAVE_FFMPEG } from "#tests/support/reference-tools.ts";
import { MediaError } from "./media-error.ts";
import { readOggPackets, writeOggStream } from "./ogg-packets.ts";
import { DEFAULT_MARGIN, findVorbisJoin, gridShift, joinVorbisLanes, readLane, regridLane, windowsFit, type VorbisLane } from "./vorbis-join.ts";

/** vorbis-tools' stream checker: it reports bad checksums, holes and gaps in the page sequence (not a granule that goes back; readLane checks those). */
const OGGINFO = "/usr/bin/ogginfo";
const HAVE_OGGINFO = existsSync(OGGINFO);

const long = (previousLong: boolean, nextLong: boolean) => ({ size: 2048, previousLong, nextLong });
const short = { size: 256, previousLong: null, nextLong: null };

describe("windowsFit", () => {
  it("wants blocks of one size, and a long block's right half shaped for the block that follows", () => {
    expect(windowsFit(long(true, true), long(false, true), long(true, false))).toBe(true);
    expect(windowsFit(long(true, false), long(true, false), short)).toBe(true);
    expect(windowsFit(short, short, long(false, true))).toBe(true);
    expect(windowsFit(short, short, short)).toBe(true);
    // A's long block ends with a short window, B's next block is long: the overlap would not add up
    expect(windowsFit(long(true, false), long(true, true), long(true, true))).toBe(false);
    expect(windowsFit(long(true, true), long(true, false), short)).toBe(false);
    // a short block after a long one, or the next block saying the one before was of the other size
    expect(windowsFit(short, long(true, true), long(true, true))).toBe(false);
    expect(windowsFit(short, short, long(true, true))).toBe(false);
    expect(windowsFit(short, short, undefined)).toBe(false);
  });
});

/** A made-up packet's marker: its block's centre in the input, so two lanes' packets of one block are alike. */
const marker = (start: number) => (center: number) => start + center;

describe("joinVorbisLanes on made-up streams", () => {
  // lane 0: input [0, 30172) for its part [0, 20480); lane 1 from 10240 (a 10240-sample pre-roll) to the end, 50552
  const cut = 20480;
  const first: VorbisLane = { ogg: vorbisStream(`s${"L".repeat(30)}`, 30172, marker(0)), start: 0, partStart: 0, partEnd: cut };
  const second = (pattern: string, start: number, mark = marker(start)): VorbisLane => {
    const end = 50552;
    return { ogg: vorbisStream(pattern, end - start, mark), start, partStart: cut, partEnd: end };
  };

  it("takes lane 0's packets to the common block centre nearest the cut, lane 1's after it, with granules at the centres", () => {
    // both streams' long blocks are centred on 576 + 1024k: 20032 is the common centre nearest 20480
    const lane = second(`s${"L".repeat(40)}`, 10240);
    const result = joinVorbisLanes([first, lane]);
    expect(result?.joins).toEqual([{ at: 20032, first: 20, second: 10, long: true, identical: true }]);
    const [a, b] = [readLane(first), readLane(lane)];
    const joined = readOggPackets(result?.ogg ?? new Uint8Array(0));
    expect(joined.packets.slice(3).map(({ data }) => data)).toEqual([...a.packets.slice(0, 21), ...b.packets.slice(11)]);
    // readLane checks every page's granule against the block centres; the last is the input's length
    const whole = readLane({ ogg: result?.ogg ?? new Uint8Array(0), start: 0, partStart: 0, partEnd: 50552 });
    expect(whole.end).toBe(50552);
    expect(whole.centers.slice(0, 21)).toEqual(a.centers.slice(0, 21));
    expect(whole.centers.slice(21)).toEqual(b.centers.slice(11));
  });

  it("prefers a centre where both streams hold the same packets, and keeps clear of the lanes' ends", () => {
    // lane 1's packets differ from lane 0's before 21000 (its encoder had not caught up yet)
    const lane = second(`s${"L".repeat(40)}`, 10240, (center) => 10240 + center + (10240 + center < 21000 ? 1 : 0));
    expect(joinVorbisLanes([first, lane])?.joins[0]).toMatchObject({ at: 21056, identical: true });
    const [a, b] = [readLane(first), readLane(lane)];
    // near a cut at the end of lane 0, the nearest join stays DEFAULT_MARGIN samples before its end
    const late = findVorbisJoin(a, b, 10240, 30000);
    expect(late?.at).toBeLessThanOrEqual(30172 - DEFAULT_MARGIN);
    expect(findVorbisJoin(a, b, 10240, 20480, 20_000)).toBeNull();
  });

  it("refuses lanes whose long blocks sit on different grids, and says how far to move the later lane's start", () => {
    // two short blocks at lane 1's start put its long blocks on 704 + 1024k: no common centre
    const lane = second(`ss${"L".repeat(40)}`, 10240);
    expect(joinVorbisLanes([first, lane])).toBeNull();
    const shift = gridShift(readLane(first), readLane(lane), 10240, 30172);
    expect(shift).toBe(128);
    expect(joinVorbisLanes([first, second(`ss${"L".repeat(40)}`, 10240 - 128)])?.joins[0]?.at).toBe(20032);
    expect(regridLane([first, lane])).toEqual({ lane: 1, shift: 128 });
    expect(regridLane([first, second(`ss${"L".repeat(40)}`, 10240 - 128)])).toBeNull();
    // a run of three short blocks moves a stream's grid by 3 × 128
    const moved = readLane({ ...first, ogg: vorbisStream(`s${"L".repeat(5)}sss${"L".repeat(25)}`, 30172, marker(0)) });
    expect(gridShift(moved, readLane(second(`s${"L".repeat(40)}`, 10240)), 10240, 30172)).toBe(1024 - 384);
  });

  it("refuses lanes of other encoder settings, a first lane with a pre-roll and a last one that runs past its part", () => {
    const other = { ...second(`s${"L".repeat(40)}`, 10240), ogg: vorbisStream(`s${"L".repeat(40)}`, 50552 - 10240, marker(10240), 1, 192_000) };
    expect(() => joinVorbisLanes([first, other])).toThrowError(MediaError);
    expect(() => joinVorbisLanes([{ ...first, partStart: 100 }, second(`s${"L".repeat(40)}`, 10240)])).toThrowError(RangeError);
    expect(() => joinVorbisLanes([first, { ...second(`s${"L".repeat(40)}`, 10240), partEnd: 50000 }])).toThrowError(/ends at sample 50552/);
    // a last lane without a part's end runs to its stream's end
    const open = joinVorbisLanes([first, { ...second(`s${"L".repeat(40)}`, 10240), partEnd: null }]);
    expect(open?.ogg).toEqual(joinVorbisLanes([first, second(`s${"L".repeat(40)}`, 10240)])?.ogg);
  });
});

/** Samples faded in at the start of a lane with a pre-roll: libvorbis then starts every such lane on the same block grid (see the last test). */
const FADE_IN = 1024;

interface Case {
  name: string;
  rate: number;
  channels: 1 | 2;
  kbps: number;
  /** where the second and third lane's parts begin: multiples of 1024, so every lane starts on the first's block grid */
  cuts: [number, number];
  /** pre-roll and post-roll, about a second */
  roll: number;
}

const CASES: Case[] = [
  { name: "44.1 kHz stereo, 192 kbps", rate: 44100, channels: 2, kbps: 192, cuts: [300 * 1024, 600 * 1024], roll: 43 * 1024 },
  { name: "22.05 kHz mono, 64 kbps", rate: 22050, channels: 1, kbps: 64, cuts: [150 * 1024, 300 * 1024], roll: 22 * 1024 },
];

/** Interleaved samples around input sample `at`: `half` either side. */
const around = (at: number, half: number, channels: number) => ({ from: (at - half) * channels, to: (at + half) * channels });

function ogginfoComplaints(file: string): string {
  const result = spawnSync(OGGINFO, [file], { encoding: "utf8" });
  const lines = `${result.stdout}\n${result.stderr}`.split("\n").filter((line) => /warn|error|hole|granule|invalid|corrupt/i.test(line));
  return [...(result.status === 0 ? [] : [`exit ${result.status}`]), ...lines].join("\n");
}

describe.skipIf(!HAVE_FFMPEG)("joinVorbisLanes on native libvorbis streams (ffmpeg)", () => {
  let dir = "";
  const path = (name: string) => joinPath(dir, name);
  beforeAll(() => {
    dir = mkdtempSync(joinPath(tmpdir(), "vorbis-join-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const c of CASES) {
    describe(`${c.name}: three lanes over 20 s`, () => {
      const total = 20 * c.rate;
      const [cut1, cut2] = c.cuts;
      const name = (what: string) => path(`${c.rate}-${what}`);
      let result: ReturnType<typeof joinVorbisLanes> = null;
      let original: Float32Array = new Float32Array(0);
      let single: Float32Array = new Float32Array(0);
      let joined: Float32Array = new Float32Array(0);
      let complaints = "";

      beforeAll(() => {
        const lanes: (Stretch & { partStart: number; partEnd: number })[] = [
          { file: name("lane0.ogg"), start: 0, end: cut1 + c.roll, partStart: 0, partEnd: cut1 },
          { file: name("lane1.ogg"), start: cut1 - c.roll, end: cut2 + c.roll, fadeIn: FADE_IN, partStart: cut1, partEnd: cut2 },
          { file: name("lane2.ogg"), start: cut2 - c.roll, fadeIn: FADE_IN, partStart: cut2, partEnd: total },
        ];
        encodeVorbis(changingSound(20, { rate: c.rate, channels: c.channels }), c.kbps, [{ file: name("single.ogg") }, ...lanes], name("input.f32"));
        original = readFloats(name("input.f32"));
        result = joinVorbisLanes(lanes.map(({ file, start = 0, partStart, partEnd }) => ({ ogg: readBytes(file), start, partStart, partEnd })));
        writeFileSync(name("joined.ogg"), result?.ogg ?? new Uint8Array(0));
        if (result !== null) ({ samples: [single = new Float32Array(0), joined = new Float32Array(0)], complaints } = decodeVorbis([name("single.ogg"), name("joined.ogg")]));
      });

      it("joins each boundary inside the overlap, near its cut", () => {
        expect(result, "a join at both boundaries").not.toBeNull();
        for (const [k, cut] of [cut1, cut2].entries()) {
          const at = result?.joins[k]?.at ?? -1;
          expect(at).toBeGreaterThanOrEqual(cut - c.roll + DEFAULT_MARGIN);
          expect(at).toBeLessThanOrEqual(cut + c.roll - DEFAULT_MARGIN);
        }
      });

      it("gives one stream of exactly the input's samples, its granules at the block centres, that ffmpeg decodes without complaint", () => {
        expect(original.length).toBe(total * c.channels);
        expect(joined.length).toBe(original.length);
        expect(single.length).toBe(original.length);
        expect(complaints).toBe("");
        const whole = readLane({ ogg: result?.ogg ?? new Uint8Array(0), start: 0, partStart: 0, partEnd: total });
        expect(whole.end).toBe(total);
      });

      it.skipIf(!HAVE_OGGINFO)("passes ogginfo without a warning", () => {
        expect(ogginfoComplaints(name("joined.ogg"))).toBe("");
      });

      it("decodes as cleanly as the single pass, around each join and overall", () => {
        // Two libvorbis encodes of one stretch are not bit-identical while their encoders' histories
        // differ, so both decodes are held to the input. libvorbis codes noise bursts as noise (an SNR
        // near 27 dB overall here), so the bar is the single pass's own SNR in the same samples: a join
        // on the wrong grid or with a wrong window falls to about 0 dB (the last test), while a join
        // between packets that differ in their quantization only moves it by well under 1 dB (0.1 dB
        // at every candidate centre measured on this sound). The join prefers packets both lanes
        // encoded alike, so the decodes agree far beyond that; 40 dB against the single pass still
        // allows a join on packets that are not.
        const overall = [snrDb(single, original), snrDb(joined, original)] as const;
        expect(overall[0]).toBeGreaterThan(20);
        expect(Math.abs(overall[1] - overall[0])).toBeLessThanOrEqual(0.1);
        for (const { at } of result?.joins ?? []) {
          const window = around(at, 4096, c.channels);
          const local = [snrDb(single, original, window), snrDb(joined, original, window)] as const;
          expect(local[1], `SNR at the join at sample ${at}: single pass ${local[0].toFixed(1)} dB`).toBeGreaterThanOrEqual(local[0] - 1);
          expect(snrDb(joined, single, window), `against the single pass at sample ${at}`).toBeGreaterThanOrEqual(40);
        }
      });
    });
  }

  it("refuses lanes on different grids (a steady tone after a click), where a plain cut is wrong; moved by gridShift, the lane joins", () => {
    const rate = 44100;
    const total = 10 * rate;
    const cut = 215 * 1024;
    const roll = 43 * 1024;
    // the click at 2.5 s, before lane 1 starts, moves lane 0's grid; lane 1 sees only the tone
    const sound = `aevalsrc=0.3*sin(2*PI*440*t)+0.2*sin(2*PI*660*t)+0.8*between(t\\,2.5\\,2.502)|0.3*sin(2*PI*330*t)+0.1*sin(2*PI*990*t)+0.8*between(t\\,2.5\\,2.502):s=${rate}:d=10`;
    encodeVorbis(sound, 192, [{ file: path("tone-single.ogg") }, { file: path("tone-lane0.ogg"), start: 0, end: cut + roll }, { file: path("tone-lane1.ogg"), start: cut - roll, fadeIn: FADE_IN }], path("tone.f32"));
    const lane0: VorbisLane = { ogg: readBytes(path("tone-lane0.ogg")), start: 0, partStart: 0, partEnd: cut };
    const lane1: VorbisLane = { ogg: readBytes(path("tone-lane1.ogg")), start: cut - roll, partStart: cut, partEnd: total };
    expect(joinVorbisLanes([lane0, lane1])).toBeNull();

    // a plain cut at the last block of lane 0 centred before the cut and the next block of lane 1
    const [a, b] = [readLane(lane0), readLane(lane1)];
    const last = a.centers.findLastIndex((center) => center <= cut);
    const next = b.centers.findIndex((center) => center > (a.centers[last] ?? 0));
    const plain = [...a.packets.slice(0, last + 1).map((data, n) => ({ data, granule: a.centers[n] ?? 0 })), ...b.packets.slice(next).map((data, n) => ({ data, granule: b.centers[next + n] ?? 0 }))];
    const end = plain.at(-1);
    if (end !== undefined) end.granule = total;
    writeFileSync(path("tone-plain.ogg"), writeOggStream(a.serial, a.headers, plain));

    const shift = gridShift(a, b, cut - roll, cut + roll) ?? 0;
    expect(shift % 128).toBe(0);
    expect(shift).toBeGreaterThan(0);
    encodeVorbis(sound, 192, [{ file: path("tone-lane1b.ogg"), start: cut - roll - shift, fadeIn: FADE_IN }]);
    const result = joinVorbisLanes([lane0, { ...lane1, ogg: readBytes(path("tone-lane1b.ogg")), start: cut - roll - shift }]);
    expect(result).not.toBeNull();
    writeFileSync(path("tone-joined.ogg"), result?.ogg ?? new Uint8Array(0));

    const original = readFloats(path("tone.f32"));
    const { samples: [single = new Float32Array(0), plainCut = new Float32Array(0), joined = new Float32Array(0)] } = decodeVorbis([path("tone-single.ogg"), path("tone-plain.ogg"), path("tone-joined.ogg")]);
    const window = around(cut, 4096, 2);
    const singleSnr = snrDb(single, original, window);
    expect(singleSnr).toBeGreaterThan(30);
    // the plain cut's blocks overlap wrongly: the sound around the cut is lost, and the length is wrong
    expect(snrDb(plainCut, original, window)).toBeLessThan(10);
    expect(plainCut.length).not.toBe(original.length);
    expect(joined.length).toBe(original.length);
    for (const { at } of result?.joins ?? []) expect(snrDb(joined, original, around(at, 4096, 2))).toBeGreaterThanOrEqual(snrDb(single, original, around(at, 4096, 2)) - 1);
  });
});

function readBytes(file: string): Uint8Array {
  return new Uint8Array(readFileSync(file));
}
