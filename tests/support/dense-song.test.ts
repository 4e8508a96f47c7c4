import { BasicMIDI } from "spessasynth_core";
import { describe, expect, it } from "vitest";
import { readMidiInfo } from "#codecs/midi/read-midi.ts";
import { DENSE_SONG_SECONDS, denseSong } from "./dense-song.ts";

// The benchmark's song is what its header says: read back by our reader and by spessasynth's own
// MIDI parser (which the synthesizer plays from), not by the code that wrote it.

describe("the dense benchmark song", () => {
  const song = denseSong();

  it("is the same file on every call", () => {
    expect(denseSong().bytes).toEqual(song.bytes);
  });

  it("lasts 3 minutes at 120 bpm in 4/4, with 10,265 notes on 11 channels including drums", () => {
    const info = readMidiInfo(song.bytes);
    expect(info.format).toBe(1);
    expect(info.durationSeconds).toBe(DENSE_SONG_SECONDS);
    expect(info.initialBpm).toBe(120);
    expect(info.timeSignature).toBe("4/4");
    expect(info.noteCount).toBe(10_265);
    expect(song.noteCount).toBe(10_265);
    expect(song.channels).toBe(11);
    expect(info.drums).toBe(true);
    // the lead changes program: sawtooth in the verses, alto sax in the choruses
    expect(info.instruments).toEqual([
      "Acoustic Grand Piano",
      "Electric Bass (finger)",
      "Electric Guitar (clean)",
      "String Ensemble 1",
      "Pad 2 (warm)",
      "Brass Section",
      "Drawbar Organ",
      "Lead 2 (sawtooth)",
      "Alto Sax",
      "Flute",
      "Choir Aahs",
    ]);
  });

  it("reads the same in spessasynth: its length, its note-ons per channel, the sustain pedal and the pitch bends", () => {
    const midi = BasicMIDI.fromArrayBuffer(song.bytes.slice().buffer);
    expect(midi.duration).toBeCloseTo(DENSE_SONG_SECONDS, 3);
    const perChannel = new Map<number, number>();
    let pedals = 0;
    let bends = 0;
    for (const track of midi.tracks) {
      for (const event of track.events) {
        const status = event.statusByte & 0xf0;
        const ch = event.statusByte & 0x0f;
        if (status === 0x90 && event.data[1]! > 0) perChannel.set(ch, (perChannel.get(ch) ?? 0) + 1);
        if (status === 0xb0 && event.data[0] === 64) pedals++;
        if (status === 0xe0) bends++;
      }
    }
    expect([...perChannel.values()].reduce((a, b) => a + b, 0)).toBe(10_265);
    expect([...perChannel.keys()].toSorted((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // counted from the arrangement: the piano plays 4 + 7 × 3 notes in each of the 90 bars; the
    // guitar strums 8 × 6 strings in the 78 bars outside the intro and the bridge; the bass plays
    // eighths in the 88 bars after the first two; the strings hold 4 notes in the 86 bars after the intro
    expect(perChannel.get(0)).toBe(90 * 25);
    expect(perChannel.get(2)).toBe(78 * 8 * 6);
    expect(perChannel.get(1)).toBe(88 * 8);
    expect(perChannel.get(3)).toBe(86 * 4);
    expect(pedals).toBe(2 * 90); // down and up in every bar
    // a bend into each 4-bar phrase of the lead (21 of them, from the first verse to the outro), 9 steps each
    expect(bends).toBe(21 * 9);
  });
});
