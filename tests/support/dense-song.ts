// A dense 3-minute General MIDI pop song written by code, for the MIDI benchmark (issue 14) and its
// tests: what a busy but ordinary GM file holds, not "black MIDI". 90 bars of 4/4 at 120 bpm
// (180 s) in sections (intro, verse, chorus, bridge, outro) over I–V–vi–IV-style progressions, on
// 11 channels: drums (channel 10), fingered bass, piano with the sustain pedal, strummed clean
// guitar, a strings pad, a warm synth pad, brass stabs in the choruses, an organ, a lead that
// changes program (synth lead in verses, alto sax in choruses) with pitch bends, a flute
// counter-melody and choir "aahs" in the choruses. Velocities vary by a seeded generator, so
// the file is the same on every run.
//
// It holds 10,265 notes; spessasynth_core with FluidR3Mono_GM plays it with 87 voices on average and
// 136 at the peak (measured per 128-frame block). fluidsynth renders it at ~25× realtime here.
import { writeMidi, type MidiEvent } from "./midi-writer.ts";

export const DENSE_SONG_TPQ = 480;
export const DENSE_SONG_BPM = 120;
export const DENSE_SONG_BARS = 90;
/** 90 bars of 4/4 at 120 bpm; the last note-off is at the end of the last bar. */
export const DENSE_SONG_SECONDS = 180;

const BAR = 4 * DENSE_SONG_TPQ;
const BEAT = DENSE_SONG_TPQ;
const EIGHTH = BEAT / 2;
const SIXTEENTH = BEAT / 4;

type Section = "intro" | "verse" | "chorus" | "bridge" | "outro";
const SECTIONS: readonly (readonly [Section, number])[] = [
  ["intro", 4],
  ["verse", 16],
  ["chorus", 16],
  ["verse", 16],
  ["chorus", 16],
  ["bridge", 8],
  ["chorus", 12],
  ["outro", 2],
];

/** Chord roots (MIDI keys around C3) and qualities, one chord a bar, per section. */
const PROGRESSIONS: Readonly<Record<Section, readonly (readonly [number, "maj" | "min"])[]>> = {
  intro: [[48, "maj"], [55, "maj"], [57, "min"], [53, "maj"]], // C G Am F
  verse: [[57, "min"], [53, "maj"], [48, "maj"], [55, "maj"]], // Am F C G
  chorus: [[48, "maj"], [55, "maj"], [57, "min"], [53, "maj"]], // C G Am F
  bridge: [[50, "min"], [53, "maj"], [52, "min"], [55, "maj"]], // Dm F Em G
  outro: [[53, "maj"], [48, "maj"]], // F C
};

/** Channels (0-based; 9 is the drum channel) and their programs. */
const CH = { piano: 0, bass: 1, guitar: 2, strings: 3, pad: 4, brass: 5, organ: 6, lead: 7, flute: 8, drums: 9, choir: 10 } as const;
const PROGRAMS: readonly (readonly [number, number])[] = [
  [CH.piano, 0], // Acoustic Grand Piano
  [CH.bass, 33], // Electric Bass (finger)
  [CH.guitar, 27], // Electric Guitar (clean)
  [CH.strings, 48], // String Ensemble 1
  [CH.pad, 89], // Pad 2 (warm)
  [CH.brass, 61], // Brass Section
  [CH.organ, 16], // Drawbar Organ
  [CH.lead, 81], // Lead 2 (sawtooth)
  [CH.flute, 73], // Flute
  [CH.choir, 52], // Choir Aahs
];
const LEAD_VERSE = 81;
const LEAD_CHORUS = 65; // Alto Sax

const KICK = 36;
const SNARE = 38;
const CLOSED_HAT = 42;
const OPEN_HAT = 46;
const CRASH = 49;
const RIDE = 51;
const TOMS = [50, 48, 45, 43] as const;

const cc = (tick: number, channel: number, controller: number, value: number): MidiEvent => ({ tick, type: "raw", bytes: [0xb0 | channel, controller, value] });
const bend = (tick: number, channel: number, value: number): MidiEvent => ({ tick, type: "raw", bytes: [0xe0 | channel, value & 0x7f, (value >> 7) & 0x7f] });
const chord = (root: number, quality: "maj" | "min") => [root, root + (quality === "maj" ? 4 : 3), root + 7];

/** Park–Miller: the same "random" velocities and melody on every run. */
function seeded(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 48271) % 2147483647;
    return state % n;
  };
}

export interface DenseSong {
  bytes: Uint8Array;
  /** note-ons in the file */
  noteCount: number;
  channels: number;
}

export function denseSong(): DenseSong {
  const rnd = seeded(14);
  const vel = (base: number, spread = 12) => Math.min(127, base + rnd(spread));
  const conductor: MidiEvent[] = [
    { tick: 0, type: "tempo", bpm: DENSE_SONG_BPM },
    { tick: 0, type: "time-signature", numerator: 4, denominator: 4 },
    // GM System On
    { tick: 0, type: "sysex", data: [0x7e, 0x7f, 0x09, 0x01] },
  ];
  const tracks = new Map<number, MidiEvent[]>();
  const track = (channel: number) => tracks.get(channel) ?? tracks.set(channel, []).get(channel)!;
  const note = (channel: number, tick: number, key: number, velocity: number, length: number) =>
    track(channel).push({ tick, type: "note", channel, key, velocity, length });

  // setup: programs, volumes and pans, reverb sends
  const PANS: Readonly<Record<number, number>> = { [CH.piano]: 54, [CH.guitar]: 88, [CH.strings]: 40, [CH.pad]: 64, [CH.brass]: 76, [CH.organ]: 30, [CH.flute]: 96, [CH.choir]: 64 };
  for (const [channel, program] of PROGRAMS) {
    track(channel).push({ tick: 0, type: "program", channel, program });
    track(channel).push(cc(0, channel, 7, channel === CH.pad || channel === CH.organ ? 70 : 100));
    track(channel).push(cc(0, channel, 10, PANS[channel] ?? 64));
    track(channel).push(cc(0, channel, 91, 50));
  }
  track(CH.drums).push(cc(0, CH.drums, 7, 110), cc(0, CH.drums, 91, 30));

  let bar = 0;
  for (const [section, bars] of SECTIONS) {
    const progression = PROGRESSIONS[section];
    const chorus = section === "chorus";
    track(CH.lead).push({ tick: bar * BAR, type: "program", channel: CH.lead, program: chorus ? LEAD_CHORUS : LEAD_VERSE });
    for (let b = 0; b < bars; b++, bar++) {
      const start = bar * BAR;
      const [root, quality] = progression[b % progression.length]!;
      const triad = chord(root, quality);
      const lastOfPhrase = b % 8 === 7;

      // drums: kick, snare on 2 and 4, hi-hats in 8ths (16ths in choruses), a crash on each phrase, tom fills
      if (b % 8 === 0) note(CH.drums, start, CRASH, vel(100), BEAT);
      for (let beat = 0; beat < 4; beat++) {
        const at = start + beat * BEAT;
        if (section === "intro" && b < 2) {
          note(CH.drums, at, CLOSED_HAT, vel(70), SIXTEENTH);
          continue;
        }
        if (beat === 0 || beat === 2) note(CH.drums, at, KICK, vel(105), EIGHTH);
        if (beat === 2 && chorus) note(CH.drums, at + EIGHTH, KICK, vel(90), EIGHTH);
        if (beat === 1 || beat === 3) note(CH.drums, at, SNARE, vel(100), EIGHTH);
        if (lastOfPhrase && beat >= 2) {
          for (let s = 0; s < 4; s++) note(CH.drums, at + s * SIXTEENTH, TOMS[(beat - 2) * 2 + (s >> 1)]!, vel(95), SIXTEENTH);
          continue;
        }
        const hat = section === "bridge" ? RIDE : CLOSED_HAT;
        const step = chorus ? SIXTEENTH : EIGHTH;
        for (let t = 0; t < BEAT; t += step) note(CH.drums, at + t, beat === 3 && t === EIGHTH && !chorus ? OPEN_HAT : hat, vel(t === 0 ? 80 : 60), SIXTEENTH);
      }
      if (section === "intro" && b < 2) {
        // only the piano and the pad open the song
        for (const key of triad) note(CH.pad, start, key + 12, vel(60), BAR);
      }

      // bass: eighths on the root with the fifth and the octave
      if (!(section === "intro" && b < 2)) {
        const line = [0, 0, 12, 0, 7, 0, 12, 7];
        for (let i = 0; i < 8; i++) note(CH.bass, start + i * EIGHTH, root - 12 + line[i]!, vel(i % 2 ? 85 : 100), EIGHTH - 20);
      }

      // piano: the chord in eighths (voiced with the octave) under the pedal, held down through the bar
      const pedal = track(CH.piano);
      pedal.push(cc(start, CH.piano, 64, 127), cc(start + BAR - 10, CH.piano, 64, 0));
      const voicing = [root - 12, ...triad.map((k) => k + 12)];
      for (let i = 0; i < 8; i++) {
        const keys = i === 0 ? voicing : voicing.slice(1);
        for (const key of keys) note(CH.piano, start + i * EIGHTH, key, vel(i % 2 ? 55 : 72), EIGHTH);
      }

      if (section === "intro") continue;

      // guitar: six-string strums, down on the beat and up on the "and", each string 12 ticks later
      if (section !== "bridge") {
        const strings = [root - 5, root, ...triad.map((k) => k + 7), root + 12];
        for (let i = 0; i < 8; i++) {
          const order = i % 2 ? strings.toReversed() : strings;
          order.forEach((key, s) => note(CH.guitar, start + i * EIGHTH + s * 12, key, vel(i % 2 ? 50 : 68), EIGHTH - s * 12));
        }
      }

      // strings: the chord held over the bar, four voices; the warm pad an octave up
      for (const key of [root - 12, ...triad]) note(CH.strings, start, key + 12, vel(65), BAR);
      if (section !== "verse" || b >= 8) for (const key of triad) note(CH.pad, start, key + 12, vel(55), BAR);

      // organ: half-note chords in verses and the bridge
      if (!chorus && section !== "outro") for (let h = 0; h < 2; h++) for (const key of triad) note(CH.organ, start + h * 2 * BEAT, key, vel(60), 2 * BEAT);

      // choruses: brass stabs, choir aahs
      if (chorus) {
        for (const at of [0, 3 * EIGHTH, 4 * BEAT - EIGHTH]) for (const key of triad) note(CH.brass, start + at, key + 12, vel(95), SIXTEENTH * 3);
        for (const key of triad) note(CH.choir, start, key + 12, vel(70), BAR);
      }

      // lead: an eighth-note melody on chord and passing tones, with a bend into each phrase
      if (section !== "outro") {
        const scale = [0, 2, 4, 5, 7, 9, 11, 12, 14, 16];
        const base = (chorus ? 72 : 67) + (root % 12 === 9 ? -3 : 0);
        if (b % 4 === 0) {
          track(CH.lead).push(bend(start, CH.lead, 8192 - 1024));
          for (let step = 1; step <= 8; step++) track(CH.lead).push(bend(start + step * 15, CH.lead, 8192 - 1024 + step * 128));
        }
        for (let i = 0; i < 8; i++) {
          if (rnd(5) === 0) continue; // rests
          note(CH.lead, start + i * EIGHTH, base + scale[rnd(scale.length)]!, vel(90, 20), i === 7 ? BEAT : EIGHTH);
        }
      }

      // flute: a counter-melody in quarter notes from the second verse on
      if (bar >= 36 && section !== "outro") for (let q = 0; q < 4; q++) note(CH.flute, start + q * BEAT, triad[q % 3]! + 24, vel(70), BEAT);
    }
  }

  const channelTracks = [...tracks.entries()].toSorted(([a], [b]) => a - b).map(([, events]) => events);
  const noteCount = channelTracks.reduce((sum, events) => sum + events.filter((e) => e.type === "note").length, 0);
  return { bytes: writeMidi({ format: 1, ticksPerQuarter: DENSE_SONG_TPQ, tracks: [conductor, ...channelTracks] }), noteCount, channels: channelTracks.length };
}
