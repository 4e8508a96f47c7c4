// MIDI files written by encoders that are not ours (midicsv's csvmidi, abcmidi's abc2midi), read by
// our reader and rendered by our synthesizer, then judged by ffmpeg (decoding) and against fluidsynth
// rendering the same file with the same SoundFont. csvmidi writes running status; the csvmidi song
// also has a GM reset, a tempo change, a pitch bend and a snare on channel 10; abc2midi's has
// 3/4 time, a tempo of 90 and its own chord accompaniment.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeMono, detectOnsets, fundamental, keyFrequency, onsetErrors, slice } from "#tests/support/audio-analysis.ts";
import { ABC2MIDI, CSVMIDI, FLUIDSYNTH, HAVE_ABC2MIDI, HAVE_CSVMIDI, HAVE_FLUIDSYNTH } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { audibleEnd, fluidsynthRender as cappedFluidsynth, rmsEnvelope } from "#tests/corpus/midi/render-compare.ts";
import { readMidiInfo } from "./read-midi.ts";
import { renderFile, SF3_PATH } from "#tests/support/codecs/midi/test-helpers.ts";

const files = scratch("independent-midi");
afterAll(() => files.cleanup());
const RATE = 44100;
const TAIL = 0.5;

/**
 * 120 bpm, then 60 bpm from tick 1920 (2 s). A church organ: A4 at 0.5 s; full pitch bend up at 1 s,
 * so the A4 at 1.25 s sounds a whole tone higher (B4); bend back at 1.5625 s; A4 again at 3 s, after the tempo change. A snare at
 * 2 s. Note-offs are note-ons of velocity 0, which csvmidi writes with running status. 4 s long.
 */
const CSV = `0, 0, Header, 1, 3, 480
1, 0, Start_track
1, 0, Tempo, 500000
1, 0, Time_signature, 4, 2, 24, 8
1, 1920, Tempo, 1000000
1, 2880, End_track
2, 0, Start_track
2, 0, System_exclusive, 5, 126, 127, 9, 1, 247
2, 0, Program_c, 0, 19
2, 480, Note_on_c, 0, 69, 100
2, 720, Note_on_c, 0, 69, 0
2, 960, Pitch_bend_c, 0, 16383
2, 1200, Note_on_c, 0, 69, 100
2, 1440, Note_on_c, 0, 69, 0
2, 1500, Pitch_bend_c, 0, 8192
2, 2400, Note_on_c, 0, 69, 100
2, 2640, Note_on_c, 0, 69, 0
2, 2880, End_track
3, 0, Start_track
3, 1920, Note_on_c, 9, 38, 110
3, 2040, Note_on_c, 9, 38, 0
3, 2880, End_track
0, 0, End_of_file
`;
const CSV_ONSETS = [0.5, 1.25, 2, 3];

/** A xylophone tune (short, clear attacks) in 3/4 at 90 bpm with abc2midi's guitar chords under its last two bars. */
const ABC = `X:1
T:Independent tune
M:3/4
L:1/8
Q:1/4=90
K:G
%%MIDI program 13
GAB cde|d2 B2 G2|"C"c2 e2 g2|"D"f4 d2|]
`;

function fluidsynthRender(mid: string): Float32Array {
  const wav = `${mid}.fluidsynth.wav`;
  execFileSync(FLUIDSYNTH, ["-ni", "-q", "-F", wav, "-r", String(RATE), "-T", "wav", SF3_PATH, mid], { stdio: ["ignore", "ignore", "pipe"] });
  return decodeMono(wav, RATE);
}

async function ourRender(mid: string): Promise<Float32Array> {
  const { bytes } = await renderFile(readFileSync(mid), { target: "wav", normalisation: "off", reverb: false, chorus: false, tailSeconds: TAIL });
  return decodeMono(files.write(`${mid.split("/").pop()}.ours.wav`, bytes), RATE);
}

const ms = (values: number[]) => values.map((e) => (e * 1000).toFixed(1)).join(" ");

describe.skipIf(!HAVE_CSVMIDI)("a file written by csvmidi (running status, GM reset, tempo change, pitch bend, drums)", () => {
  let mid: string;
  let ours: Float32Array;
  beforeAll(async () => {
    mid = files.path("csvmidi.mid");
    execFileSync(CSVMIDI, ["-z", files.write("song.csv", new TextEncoder().encode(CSV)), mid]);
    ours = await ourRender(mid);
  });

  it("is read for what it holds", () => {
    const info = readMidiInfo(readFileSync(mid));
    expect(info).toMatchObject({ format: 1, trackCount: 3, ticksPerQuarter: 480, initialBpm: 120, tempoChanges: 1, timeSignature: "4/4", noteCount: 4, drums: true, sysExCount: 1 });
    expect(info.instruments).toEqual(["Church Organ"]);
    expect(info.durationSeconds).toBeCloseTo(4, 6);
  });

  it("renders to its length plus the tail, with each note where the file puts it and at its pitch", () => {
    expect(ours.length).toBe(Math.round((4 + TAIL) * RATE));
    const onsets = detectOnsets(ours, RATE);
    console.log(`csvmidi song onsets: ${ms(onsets)} (errors ${ms(onsetErrors(CSV_ONSETS, onsets))} ms)`);
    expect(onsets).toHaveLength(CSV_ONSETS.length);
    expect(Math.max(...onsetErrors(CSV_ONSETS, onsets))).toBeLessThan(0.02);
    const pitch = (at: number) => fundamental(slice(ours, RATE, at + 0.1, at + 0.22), RATE).frequency;
    console.log(`pitches: ${[0.5, 1.25, 3].map((at) => pitch(at).toFixed(1)).join(" ")} Hz`);
    expect(Math.abs(pitch(0.5) / keyFrequency(69) - 1)).toBeLessThan(0.01);
    // bent up by the default range of two semitones
    expect(Math.abs(pitch(1.25) / keyFrequency(71) - 1)).toBeLessThan(0.01);
    expect(Math.abs(pitch(3) / keyFrequency(69) - 1)).toBeLessThan(0.01);
  });

  it.skipIf(!HAVE_FLUIDSYNTH)("agrees with fluidsynth's rendering of the same file: onsets within 20 ms", () => {
    const theirs = detectOnsets(fluidsynthRender(mid), RATE);
    const mine = detectOnsets(ours, RATE);
    expect(mine).toHaveLength(theirs.length);
    expect(Math.max(...onsetErrors(theirs, mine))).toBeLessThan(0.02);
  });
});

describe.skipIf(!HAVE_ABC2MIDI)("a tune written by abc2midi (3/4, 90 bpm, chord accompaniment)", () => {
  let mid: string;
  let ours: Float32Array;
  beforeAll(async () => {
    mid = files.path("abc2midi.mid");
    execFileSync(ABC2MIDI, [files.write("tune.abc", new TextEncoder().encode(ABC)), "-o", mid], { stdio: "ignore" });
    ours = await ourRender(mid);
  });

  it("is read for what it holds", () => {
    const info = readMidiInfo(readFileSync(mid));
    expect(info).toMatchObject({ format: 1, timeSignature: "3/4", tempoChanges: 0, drums: false });
    expect(info.initialBpm).toBeCloseTo(90, 1);
    expect(info.instruments[0]).toBe("Xylophone");
    // 14 melody notes, and the chords' notes
    expect(info.noteCount).toBeGreaterThan(14);
    expect(ours.length).toBe(Math.round((info.durationSeconds + TAIL) * RATE));
  });

  it.skipIf(!HAVE_FLUIDSYNTH)("agrees with fluidsynth's rendering of the same file: every onset it finds, within 20 ms", () => {
    const theirs = detectOnsets(fluidsynthRender(mid), RATE);
    const mine = detectOnsets(ours, RATE);
    console.log(`abc2midi tune: ours ${ms(mine)}; fluidsynth ${ms(theirs)}`);
    expect(theirs.length).toBeGreaterThanOrEqual(15);
    // every note fluidsynth plays, ours plays within 20 ms; ours shows one swell more (157 ms into the
    // C chord at 5.33 s, an envelope difference between the two synthesizers), never a missing note
    expect(Math.max(...onsetErrors(theirs, mine))).toBeLessThan(0.02);
    expect(mine.length - theirs.length).toBeLessThanOrEqual(1);
  });
});

/** A piano phrase whose sustain pedal stays down 4 s past the last note-off, never released (decision 036). */
const PEDAL_CSV = `0, 0, Header, 1, 2, 480
1, 0, Start_track
1, 0, Tempo, 500000
1, 0, End_track
2, 0, Start_track
2, 0, Program_c, 0, 0
2, 0, Control_c, 0, 64, 127
2, 0, Note_on_c, 0, 60, 100
2, 460, Note_off_c, 0, 60, 0
2, 480, Note_on_c, 0, 67, 100
2, 940, Note_off_c, 0, 67, 0
2, 4800, End_track
0, 0, End_of_file
`;

describe.skipIf(!HAVE_CSVMIDI || !HAVE_FLUIDSYNTH)("a csvmidi song whose pedal is held to its End of Track, against fluidsynth", () => {
  it("sounds until End of Track as fluidsynth's does (the sound stops within 0.5 s of its)", async () => {
    const mid = files.path("pedal.mid");
    execFileSync(CSVMIDI, ["-z", files.write("pedal.csv", new TextEncoder().encode(PEDAL_CSV)), mid]);
    const { bytes } = await renderFile(readFileSync(mid), { target: "wav", normalisation: "off", tailSeconds: 3 });
    const ours = audibleEnd(rmsEnvelope(decodeMono(files.write("pedal.ours.wav", bytes), RATE)));
    const theirs = audibleEnd(rmsEnvelope(cappedFluidsynth(mid, SF3_PATH, 40, files.path("pedal.fluidsynth.raw")).samples));
    console.log(`pedal held to End of Track (5 s): the sound stops at ${ours.toFixed(1)} s, fluidsynth's at ${theirs.toFixed(1)} s`);
    // the pedal keeps the piano sounding to End of Track at 5 s (the old render stopped at the last note-off, 1 s)
    expect(theirs).toBeGreaterThanOrEqual(4.9);
    expect(Math.abs(ours - theirs)).toBeLessThanOrEqual(0.5);
  });
});

if (!HAVE_CSVMIDI || !HAVE_ABC2MIDI) console.log(`Skipping the independent MIDI files: ${CSVMIDI} or ${ABC2MIDI} is missing (apt-get install midicsv abcmidi)`);
if (!HAVE_FLUIDSYNTH) console.log(`Skipping the fluidsynth comparisons: ${FLUIDSYNTH} is not installed (apt-get install fluidsynth)`);
