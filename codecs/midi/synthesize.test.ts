import { describe, expect, it } from "vitest";
import { alignedDifference, detectOnsets, fundamental, isSilentDuring, keyFrequency, levelDb, mixToMono, onsetErrors, silentRanges, slice, spectralFlatness } from "#tests/support/audio-analysis.ts";
import { maxSampleDifference } from "#tests/support/media-checks.ts";
import { wrapRmid, writeMidi, type MidiEvent } from "#tests/support/midi-writer.ts";
import { MidiError } from "./midi-error.ts";
import { BLOCK_FRAMES, createMidiSynth } from "./synthesize.ts";
import { controller, GM_RESET, GS_RESET, note, patternSeconds, patternSong, PATTERN_TIMES, pitchBend, program, renderPcm, shippedBank, TEMPO_TRACK, PATTERN_NOTES, type Pcm } from "#tests/support/codecs/midi/test-helpers.ts";

// What the synthesizer plays, heard through the analysis in tests/support/audio-analysis.ts: notes at
// their times, at their pitch, drums as drums, rests as silence, and the same song however the file
// spells it. Dry (no reverb, chorus or tail) unless a test is about those.

const RATE = 44100;
const mono = (pcm: Pcm) => mixToMono(pcm.left, pcm.right);
const ONSET_TOLERANCE = 0.02;

/** One note of `program` for `seconds` at 120 bpm. */
const oneNote = (key: number, programNumber: number, seconds = 1, extra: MidiEvent[] = []) =>
  writeMidi({ format: 0, tracks: [[program(0, programNumber), ...extra, note(0, key, Math.round(seconds * 960))]] });

/** The fundamental of the steady middle of a note. */
const pitchOf = (pcm: Pcm, from = 0.4, to = 0.6) => fundamental(slice(mono(pcm), RATE, from, to), RATE);

const FLUTE = 73;
const CHURCH_ORGAN = 19;
const PIANO = 0;

describe("timing", () => {
  it("every note of an irregular pattern across a tempo change sounds within 20 ms of its time (format 1, tempo in track 0)", async () => {
    const piano = writeMidi({ format: 1, tracks: [TEMPO_TRACK, PATTERN_NOTES] });
    const found = detectOnsets(mono(await renderPcm(piano)), RATE);
    const errors = onsetErrors(PATTERN_TIMES, found);
    expect(found).toHaveLength(PATTERN_TIMES.length);
    expect(Math.max(...errors)).toBeLessThan(ONSET_TOLERANCE);
  });

  it.each([
    [48000, 480],
    [48000, 1920],
    [44100, 960],
  ])("at %d Hz a note at tick %d starts within one block (128 frames) after its time, to the sample", async (sampleRate, tick) => {
    const pcm = await renderPcm(writeMidi({ format: 0, tracks: [[program(0, FLUTE), note(tick, 69, 240)]] }), { sampleRate });
    const expected = (tick / 960) * sampleRate;
    const first = pcm.left.findIndex((x) => x !== 0);
    // measured: 24065, 96129, 44161 (the block start after the time; its first sample is 0)
    expect(first).toBeGreaterThanOrEqual(expected);
    expect(first).toBeLessThanOrEqual(expected + BLOCK_FRAMES + 1);
  });

  it("the output is the song's length plus the tail, to the frame", async () => {
    const synth = await createMidiSynth(patternSong(1), shippedBank(), { sampleRate: 48000, reverb: true, chorus: true, tailSeconds: 1.5 });
    // the last event: the note at tick 2450 ends at 2570 (80 bpm after tick 1200)
    const songSeconds = patternSeconds(2570);
    expect(synth.info.durationSeconds).toBeCloseTo(songSeconds, 6);
    expect(synth.totalFrames).toBe(Math.round((songSeconds + 1.5) * 48000));
  });
});

describe("pitch", () => {
  it.each([
    [69, FLUTE],
    [72, FLUTE],
    [69, CHURCH_ORGAN],
  ])("key %d on program %d sounds at its equal-tempered frequency (within 1 %)", async (key, programNumber) => {
    const pitch = pitchOf(await renderPcm(oneNote(key, programNumber)));
    expect(pitch.aperiodicity).toBeLessThan(0.05);
    expect(Math.abs(pitch.frequency / keyFrequency(key) - 1)).toBeLessThan(0.01);
  });

  it("a full pitch bend up raises a note by 2 semitones (the default range): 12.2 %", async () => {
    const straight = pitchOf(await renderPcm(oneNote(69, FLUTE))).frequency;
    const bent = pitchOf(await renderPcm(oneNote(69, FLUTE, 1, [pitchBend(0, 16383)]))).frequency;
    // 16383 is 8191/8192 of the range
    // measured 1.12297 against 1.12245: 0.8 cents; one semitone would be 6 %
    expect(Math.abs(bent / straight / 2 ** ((2 * 8191) / 8192 / 12) - 1)).toBeLessThan(0.002);
  });
});

describe("the drum channel", () => {
  it.each([38, 42])("key %d on channel 10 is noise-like percussion; on channel 1 it is a pitched piano note", async (key) => {
    const stretch = (channel: number) => renderPcm(writeMidi({ format: 0, tracks: [[note(0, key, 240, channel)]] })).then((pcm) => slice(mono(pcm), RATE, 0.005, 0.1));
    const drum = await stretch(9);
    const pitched = await stretch(0);
    expect(levelDb(drum)).toBeGreaterThan(-50);
    // measured: snare 1e-4, hi-hat 6e-3 against 1e-6 for the piano notes
    expect(spectralFlatness(pitched)).toBeLessThan(1e-5);
    expect(spectralFlatness(drum)).toBeGreaterThan(50 * spectralFlatness(pitched));
    expect(Math.abs(fundamental(pitched, RATE).frequency / keyFrequency(key) - 1)).toBeLessThan(0.01);
  });
});

describe("rests, the tail and reverb", () => {
  // a piano note at 0-0.5 s, a rest, a note at 2-2.5 s
  const withRest = writeMidi({ format: 0, tracks: [[note(0, 60, 480), note(1920, 64, 480)]] });

  it("is silent in a rest, with reverb off, and sounds during the notes", async () => {
    const pcm = mono(await renderPcm(withRest));
    const silent = silentRanges(pcm, RATE);
    // the piano's release takes ~0.2 s
    expect(isSilentDuring(silent, { start: 0.9, end: 1.99 })).toBe(true);
    expect(levelDb(slice(pcm, RATE, 0, 0.5))).toBeGreaterThan(-40);
    expect(levelDb(slice(pcm, RATE, 2, 2.5))).toBeGreaterThan(-40);
    expect(isSilentDuring(silent, { start: 2.02, end: 2.48 })).toBe(false);
  });

  it("with reverb off the tail goes silent; with reverb on it rings after the last note-off", async () => {
    // a sustained organ note that asks for full reverb (CC91), released at 0.5 s, then a 2 s tail
    const organ = writeMidi({ format: 0, tracks: [[controller(0, 91, 127), program(0, CHURCH_ORGAN), note(0, 60, 480)]] });
    const dry = mono(await renderPcm(organ, { tailSeconds: 2 }));
    const wet = mono(await renderPcm(organ, { tailSeconds: 2, reverb: true }));
    expect(dry.length).toBe(2.5 * RATE);
    expect(isSilentDuring(silentRanges(dry, RATE), { start: 1.5, end: 2.5 })).toBe(true);
    // measured: -67 against -78 dBFS at 1.5 s, -78 against -103 at 2 s
    expect(levelDb(slice(wet, RATE, 1.5, 1.6))).toBeGreaterThan(levelDb(slice(dry, RATE, 1.5, 1.6)) + 6);
    expect(levelDb(slice(wet, RATE, 2, 2.1))).toBeGreaterThan(levelDb(slice(dry, RATE, 2, 2.1)) + 15);
  });
});

/** A 0.25 s piano note, the pedal held from 0 to 1.98 s or not at all; a near-silent note makes the song 2 s long. */
const pedalSong = (pedal: boolean) =>
  writeMidi({ format: 0, tracks: [[...(pedal ? [controller(0, 64, 127), controller(1900, 64, 0)] : []), note(0, 60, 240), note(1920, 30, 10, 0, 1)]] });

describe("controllers and programs", () => {
  it("the sustain pedal (CC64) keeps a note sounding past its note-off", async () => {
    const free = mono(await renderPcm(pedalSong(false)));
    const held = mono(await renderPcm(pedalSong(true)));
    // measured: -41 against -87 dBFS
    expect(levelDb(slice(held, RATE, 0.6, 1))).toBeGreaterThan(-50);
    expect(levelDb(slice(free, RATE, 0.6, 1))).toBeLessThan(-70);
  });

  it("a program change changes the timbre: each half sounds like its program alone", async () => {
    // the same key, first on the piano, then (a program change at 1 s) on the flute
    const changed = mono(await renderPcm(writeMidi({ format: 0, tracks: [[program(0, PIANO), note(0, 69, 480), program(960, FLUTE), note(960, 69, 480)]] })));
    const piano = mono(await renderPcm(oneNote(69, PIANO, 0.5)));
    const flute = mono(await renderPcm(oneNote(69, FLUTE, 0.5)));
    expect(alignedDifference(changed, 0, piano, 0).difference).toBeLessThan(1e-4);
    // each note starts on the synthesizer's block grain: the one at 0 s at frame 128, the one at 1 s
    // at frame 44160 (the first block start after 44100), so they line up 68 frames apart
    const second = alignedDifference(changed, RATE, flute, BLOCK_FRAMES);
    expect(second.difference).toBeLessThan(1e-4);
    expect(Math.abs(second.lag)).toBeLessThanOrEqual(BLOCK_FRAMES);
    // and the two programs do differ, far beyond that
    expect(maxSampleDifference(piano, flute)).toBeGreaterThan(0.05);
  });
});

describe("one song however the file spells it", () => {
  it("format 0 and format 1 versions render the same, sample-close", async () => {
    const zero = await renderPcm(patternSong(0));
    const one = await renderPcm(patternSong(1));
    expect(zero.left.length).toBe(one.left.length);
    // measured: identical; a merged track could order simultaneous events differently, hence "close"
    expect(maxSampleDifference(zero.left, one.left)).toBeLessThan(1e-4);
    expect(maxSampleDifference(zero.right, one.right)).toBeLessThan(1e-4);
    expect(levelDb(zero.left)).toBeGreaterThan(-40);
  });

  it("running status gives identical PCM", async () => {
    const plain = await renderPcm(patternSong(1, { runningStatus: false }));
    const running = await renderPcm(patternSong(1, { runningStatus: true }));
    expect(patternSong(1, { runningStatus: true }).length).toBeLessThan(patternSong(1).length);
    expect(maxSampleDifference(plain.left, running.left)).toBe(0);
    expect(maxSampleDifference(plain.right, running.right)).toBe(0);
  });

  it("an RMID-wrapped file renders exactly like the bare SMF", async () => {
    const bare = await renderPcm(patternSong(1));
    const wrapped = await renderPcm(wrapRmid(patternSong(1)));
    expect(maxSampleDifference(bare.left, wrapped.left)).toBe(0);
    expect(maxSampleDifference(bare.right, wrapped.right)).toBe(0);
  });

  it.each([
    ["GM", GM_RESET],
    ["GS", GS_RESET],
  ])("a %s reset SysEx at the start is accepted: same notes at the same times and pitch", async (_name, data) => {
    const sysex: MidiEvent = { tick: 0, type: "sysex", data };
    const pcm = mono(await renderPcm(patternSong(1, { prefix: [sysex] })));
    const found = detectOnsets(pcm, RATE);
    expect(found).toHaveLength(PATTERN_TIMES.length);
    expect(Math.max(...onsetErrors(PATTERN_TIMES, found))).toBeLessThan(ONSET_TOLERANCE);
    const pitched = pitchOf(await renderPcm(oneNote(69, FLUTE, 1, [sysex])));
    expect(Math.abs(pitched.frequency / 440 - 1)).toBeLessThan(0.01);
  });
});

const refusal = async (bytes: Uint8Array): Promise<MidiError> => {
  const error: unknown = await createMidiSynth(bytes, shippedBank(), { sampleRate: RATE, reverb: false, chorus: false, tailSeconds: 0 }).then(
    () => new Error("rendered"),
    (e: unknown) => e,
  );
  if (!(error instanceof MidiError)) throw new Error(`expected a MidiError, got ${String(error)}`);
  return error;
};

describe("broken files", () => {
  const song = patternSong(1);

  it.each([
    { name: "empty", bytes: new Uint8Array(), code: "empty" },
    { name: "not MIDI", bytes: new TextEncoder().encode("ID3 an mp3 file, not a song"), code: "not-midi" },
    { name: "cut in its last track", bytes: song.subarray(0, song.length - 7), code: "truncated" },
    // read-midi.ts said "corrupt: no tracks" here until this test; it was cut short
    { name: "cut after the header", bytes: song.subarray(0, 14), code: "truncated" },
    { name: "a track starting with a data byte", bytes: writeMidi({ format: 0, tracks: [[{ tick: 0, type: "raw", bytes: [0x40, 0x40] }]] }), code: "corrupt" },
    { name: "an RMID without its data", bytes: wrapRmid(song).subarray(0, 40), code: "truncated" },
  ] as const)("$name: a MidiError with code $code", async ({ bytes, code }) => {
    expect(await refusal(bytes)).toMatchObject({ code });
  });
});
