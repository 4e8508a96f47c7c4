import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeMono, detectOnsets, fundamental, keyFrequency, onsetErrors, peak, slice } from "#tests/support/audio-analysis.ts";
import { audioStream, decodePcm, ffprobeJson, integratedLufs } from "#tests/support/media-checks.ts";
import { writeMidi } from "#tests/support/midi-writer.ts";
import { FLUIDSYNTH, HAVE_FLUIDSYNTH } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { MidiError } from "./midi-error.ts";
import { readMidiInfo } from "./read-midi.ts";
import { note, PATTERN_DRUMS, PATTERN_NOTES, patternSong, PATTERN_TIMES, program, renderFile, SF3_PATH, TEMPO_TRACK } from "#tests/support/codecs/midi/test-helpers.ts";

// The files renderMidi writes, judged by native ffmpeg/ffprobe and, where it is installed, against
// fluidsynth rendering the same MIDI with the same SoundFont.

const files = scratch("render-midi");
afterAll(() => files.cleanup());

const song = patternSong(1);
const songSeconds = readMidiInfo(song).durationSeconds;
/** The pattern's tick at `seconds` (after the tempo change at tick 1200, 1.25 s: 640 ticks a second). */
const tickAt = (seconds: number) => 1200 + (seconds - 1.25) * 640;
/** The fundamental of a note's steady part, 0.4 to 0.6 s after it starts at `at`. */
const steady = (pcm: Float32Array, at: number) => fundamental(slice(pcm, 44100, at + 0.4, at + 0.6), 44100).frequency;
const ms = (values: number[]) => values.map((e) => (e * 1000).toFixed(1)).join(" ");

describe("WAV, MP3 and OGG Vorbis files", () => {
  it.each([
    { target: "wav", sampleRate: 44100, wavBits: 16, codec: "pcm_s16le" },
    { target: "wav", sampleRate: 48000, wavBits: 24, codec: "pcm_s24le" },
    { target: "mp3", sampleRate: 44100, wavBits: 16, codec: "mp3" },
    { target: "mp3", sampleRate: 48000, wavBits: 16, codec: "mp3" },
    { target: "ogg", sampleRate: 44100, wavBits: 16, codec: "vorbis" },
  ] as const)("$target at $sampleRate Hz: $codec, 2 channels, the song plus its 1 s tail (within 50 ms)", async ({ target, sampleRate, wavBits, codec }) => {
    // dry: the effects would only slow the test (the reference test below renders them)
    const { bytes, result } = await renderFile(song, { target, sampleRate, wavBits, tailSeconds: 1, normalisation: "off", reverb: false, chorus: false });
    const file = files.write(`song-${sampleRate}.${target}`, bytes);
    const probe = ffprobeJson(file);
    const stream = audioStream(probe);
    expect(stream).toMatchObject({ codecName: codec, sampleRate, channels: 2 });
    expect(result.frames).toBe(Math.round((songSeconds + 1) * sampleRate));
    // every frame comes back from the decoder: for MP3 the LAME tag tells it the delay and padding
    const decoded = decodePcm(file, { sampleRate, channels: 2 });
    expect(decoded.length / 2).toBe(result.frames);
    expect(Math.abs(decoded.length / 2 / sampleRate - (songSeconds + 1))).toBeLessThan(0.05);
    const probed = probe.format.durationSeconds ?? 0;
    if (target !== "mp3") {
      expect(Math.abs(probed - (songSeconds + 1))).toBeLessThan(0.05);
    } else {
      // ffprobe's MP3 duration counts whole frames, the encoder's delay and padding included
      // (measured +50.2 ms at 44.1 kHz): at most two frames more than the song
      expect(probed - (songSeconds + 1)).toBeGreaterThanOrEqual(0);
      expect(probed - (songSeconds + 1)).toBeLessThan((2 * 1152) / sampleRate + 0.001);
    }
    // and the notes are where they were
    const found = detectOnsets(decodeMono(file, sampleRate), sampleRate);
    expect(found).toHaveLength(PATTERN_TIMES.length);
    expect(Math.max(...onsetErrors(PATTERN_TIMES, found))).toBeLessThan(0.02);
  });

  it("a truncated file is a MidiError, not a crash, and writes nothing", async () => {
    const error: unknown = await renderFile(song.subarray(0, song.length - 5), { target: "wav" }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MidiError);
    expect(error).toMatchObject({ code: "truncated" });
  });
});

describe.skipIf(!HAVE_FLUIDSYNTH)("against fluidsynth with the same SoundFont", () => {
  // one file, one fluidsynth run (it takes ~3 s to load the sf3): the pattern, then flute notes A4
  // at 5 s and C5 at 6.5 s
  const FLUTE = [
    { key: 69, at: 5 },
    { key: 72, at: 6.5 },
  ];
  const flute = [program(0, 73, 1), ...FLUTE.map(({ key, at }) => note(tickAt(at), key, 640, 1))];
  const reference = writeMidi({ format: 1, tracks: [TEMPO_TRACK, PATTERN_NOTES, PATTERN_DRUMS, flute] });
  const times = [...PATTERN_TIMES, ...FLUTE.map((f) => f.at)];
  let theirs: Float32Array;
  let mine: Float32Array;

  beforeAll(async () => {
    const mid = files.write("reference.mid", reference);
    const wav = files.path("reference-fluidsynth.wav");
    // its reverb and chorus at their defaults, as ours
    execFileSync(FLUIDSYNTH, ["-ni", "-q", "-F", wav, "-r", "44100", "-T", "wav", SF3_PATH, mid], { stdio: ["ignore", "ignore", "pipe"] });
    theirs = decodeMono(wav, 44100);
    mine = decodeMono(files.write("reference.wav", (await renderFile(reference, { target: "wav", normalisation: "off" })).bytes), 44100);
  });

  it("the onsets agree within 20 ms", () => {
    const theirOnsets = detectOnsets(theirs, 44100);
    const myOnsets = detectOnsets(mine, 44100);
    expect(theirOnsets).toHaveLength(times.length);
    expect(myOnsets).toHaveLength(times.length);
    const errors = onsetErrors(theirOnsets, myOnsets);
    console.log(`onsets: ours against fluidsynth ${ms(errors)} ms; ours against the file ${ms(onsetErrors(times, myOnsets))} ms; fluidsynth against the file ${ms(onsetErrors(times, theirOnsets))} ms`);
    expect(Math.max(...errors)).toBeLessThan(0.02);
  });

  it.each(FLUTE)("a flute's key $key: its fundamental agrees within 1 %, and with the key", ({ key, at }) => {
    const ours = steady(mine, at);
    const fluidsynth = steady(theirs, at);
    console.log(`key ${key} (${keyFrequency(key).toFixed(2)} Hz): ours ${ours.toFixed(2)} Hz, fluidsynth ${fluidsynth.toFixed(2)} Hz`);
    expect(Math.abs(ours / fluidsynth - 1)).toBeLessThan(0.01);
    expect(Math.abs(ours / keyFrequency(key) - 1)).toBeLessThan(0.01);
  });
});
if (!HAVE_FLUIDSYNTH) console.log(`Skipping the fluidsynth comparisons: ${FLUIDSYNTH} is not installed (apt-get install fluidsynth)`);

describe("loudness normalisation", () => {
  it("peak: the loudest sample is at -1 dBFS", async () => {
    const { bytes, result } = await renderFile(song, { target: "wav", normalisation: "peak", tailSeconds: 0.5 });
    const file = files.write("peak.wav", bytes);
    const samples = decodePcm(file, { sampleRate: 44100, channels: 2 });
    // 16-bit rounding is 1/32768 of full scale
    expect(peak(samples)).toBeCloseTo(10 ** (-1 / 20), 3);
    expect(result.gainDb).not.toBe(0);
  });

  it("lufs: ffmpeg's ebur128 measures -14 LUFS within 1 dB for a steady organ chord", async () => {
    // a held chord has a small crest factor: -14 LUFS is reached before the peak reaches -1 dBFS
    const chord = writeMidi({ format: 0, tracks: [[program(0, 19), note(0, 60, 3840), note(0, 64, 3840), note(0, 67, 3840)]] });
    const { bytes, result } = await renderFile(chord, { target: "wav", normalisation: "lufs", tailSeconds: 0.5 });
    const measured = integratedLufs(files.write("lufs.wav", bytes));
    console.log(`-14 LUFS asked of the chord: ffmpeg measures ${measured} LUFS (gain ${result.gainDb.toFixed(2)} dB)`);
    expect(result.limited).toBe(false);
    expect(Math.abs(measured - -14)).toBeLessThan(1);
  });

  it("lufs on a percussive song: the peak stops the gain at -1 dBFS, short of -14 LUFS", async () => {
    const { bytes, result } = await renderFile(song, { target: "wav", normalisation: "lufs", tailSeconds: 0.5 });
    const file = files.write("lufs-limited.wav", bytes);
    const measured = integratedLufs(file);
    console.log(`-14 LUFS asked of the pattern: ffmpeg measures ${measured} LUFS (gain ${result.gainDb.toFixed(2)} dB, limited)`);
    expect(result.limited).toBe(true);
    expect(peak(decodePcm(file, { sampleRate: 44100, channels: 2 }))).toBeCloseTo(10 ** (-1 / 20), 3);
    expect(measured).toBeLessThan(-14);
  });
});
