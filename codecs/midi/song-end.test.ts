// Where a song ends (decision 036): at its last End of Track, wherever its last note is. spessasynth
// alone stopped at the last channel message, so a sustain pedal held past the last note-off, or a
// note left on until End of Track, was cut seconds early (two real songs came out 4-5 s short).
import { describe, expect, it } from "vitest";
import { levelDb, mixToMono, slice } from "#tests/support/audio-analysis.ts";
import { MidiError } from "./midi-error.ts";
import { renderPcm } from "#tests/support/codecs/midi/test-helpers.ts";

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const chunk = (type: string, body: number[]) => [...ascii(type), ...u32(body.length), ...body];
/** One track at 480 ticks a quarter, 120 bpm: `events` then End of Track at 3 s (2880 ticks = 0x96 0x40 after the last event at 0). */
const song = (events: number[], endDelta = [0x96, 0x40]) =>
  Uint8Array.from([...chunk("MThd", [0, 0, 0, 1, 0x01, 0xe0]), ...chunk("MTrk", [0, 0xc0, 48, ...events, ...endDelta, 0xff, 0x2f, 0])]);

const RATE = 44100;
const TAIL = 1;

async function levels(midi: Uint8Array) {
  const pcm = await renderPcm(midi, { tailSeconds: TAIL });
  const mono = mixToMono(pcm.left, pcm.right);
  return { seconds: mono.length / RATE, early: levelDb(slice(mono, RATE, 0.6, 1)), late: levelDb(slice(mono, RATE, 2.5, 2.95)), after: levelDb(slice(mono, RATE, 3.8, 4)) };
}

describe("the song's end", () => {
  it("holds a note left on until End of Track, then releases it", async () => {
    // strings: a note-on, no note-off
    const heard = await levels(song([0, 0x90, 60, 100]));
    expect(heard.seconds).toBe(3 + TAIL);
    expect(Math.abs(heard.late - heard.early)).toBeLessThan(6);
    expect(heard.after).toBeLessThan(heard.late - 30);
  });

  it("keeps notes held by a sustain pedal that is never let go until End of Track", async () => {
    // pedal down, a note of 0.25 s, End of Track 2.75 s later
    const heard = await levels(song([0, 0xb0, 64, 127, 0, 0x90, 60, 100, 0x81, 0x70, 0x80, 60, 0], [0x95, 0x50]));
    expect(Math.abs(heard.late - heard.early)).toBeLessThan(6);
    expect(heard.after).toBeLessThan(heard.late - 30);
  });

  it("refuses a file without a note: it would be silence", async () => {
    const error: unknown = await renderPcm(song([0, 0xff, 0x01, 2, 0x68, 0x69])).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MidiError);
    expect(error).toMatchObject({ code: "no-notes", message: expect.stringContaining("no notes") });
  });
});
