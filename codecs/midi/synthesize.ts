// The synthesizer (issue 14): spessasynth_core's sequencer drives its SoundFont synthesizer, block by
// block, with no AudioContext, so it renders faster than real time in a worker or in Node. Our
// reader (codecs/midi/read-midi.ts) reads the file, forgiving what other players forgive and
// saying what is wrong with a broken one; spessasynth gets its events rewritten as a plain file
// (./plain-smf.ts). The song ends at its last End of Track, where every note is released; the
// output is that length plus the release tail, to the frame.
import { BasicMIDI, SoundBankLoader, SpessaLog, SpessaSynthProcessor, SpessaSynthSequencer, type BasicSoundBank } from "spessasynth_core";
import { MidiError } from "./midi-error.ts";
import { plainSmf } from "./plain-smf.ts";
import { readMidiSong, type MidiInfo } from "./read-midi.ts";

export type SoundBank = BasicSoundBank;

// spessasynth logs every odd preset and event to the console: our errors say what matters
SpessaLog.setLogLevel(false, false, false);

/**
 * Frames per synthesizer call. The sequencer applies events at block starts, so this is the timing
 * grain: 128 frames is 2.9 ms at 44.1 kHz (fluidsynth uses 64). Larger blocks buy little: on the
 * dense song of `npm run bench:midi`, 512 frames rendered 2-5 % faster and 1024 no faster within the
 * noise (the voices' work is per sample), at up to 11.6 and 23 ms of note jitter.
 */
export const BLOCK_FRAMES = 128;

export interface SynthSettings {
  sampleRate: number;
  reverb: boolean;
  chorus: boolean;
  tailSeconds: number;
  /**
   * The MIDI channels (0-15) to play; the others are muted (they start no voices). Renders of
   * complementary channel sets sum to the whole song's render (the effects are linear), which is
   * how a song is shared between two workers. Default: all.
   */
  channels?: readonly number[];
}

export interface MidiSynth {
  readonly info: MidiInfo;
  readonly sampleRate: number;
  /** the song's frames plus the tail's */
  readonly totalFrames: number;
  /** frames rendered so far */
  readonly renderedFrames: number;
  /**
   * Renders the next frames into `left` and `right` (from index 0, at most their length, a multiple
   * of BLOCK_FRAMES except at the end) and returns how many; 0 once the whole song is out.
   */
  render(left: Float32Array, right: Float32Array): number;
}

/** Reads a SoundFont 2 or 3 (.sf2/.sf3; spessasynth also takes DLS) or says it cannot. */
export function loadSoundBank(bytes: ArrayBuffer): SoundBank {
  if (bytes.byteLength === 0) throw new MidiError("The SoundFont file is empty.", "bad-soundfont");
  let bank: SoundBank;
  try {
    bank = SoundBankLoader.fromArrayBuffer(bytes);
  } catch (error) {
    throw new MidiError("This file is not a SoundFont (.sf2 or .sf3) that can be read.", "bad-soundfont", { cause: error });
  }
  if (bank.presets.length === 0) throw new MidiError("The SoundFont has no instruments.", "bad-soundfont");
  return bank;
}

export async function createMidiSynth(midiBytes: Uint8Array, bank: SoundBank, settings: SynthSettings): Promise<MidiSynth> {
  const song = readMidiSong(midiBytes);
  const { info } = song;
  if (info.noteCount === 0) throw new MidiError("This MIDI file has no notes (only tempo, text or setup events): it would render as silence.", "no-notes");
  let midi: BasicMIDI;
  try {
    midi = BasicMIDI.fromArrayBuffer(plainSmf(song).buffer as ArrayBuffer);
  } catch (error) {
    throw new MidiError("The MIDI file could not be read by the synthesizer.", "corrupt", { cause: error });
  }
  const synth = new SpessaSynthProcessor(settings.sampleRate, {
    eventsEnabled: false,
    // both effects off: skip the effect processors entirely (about twice as fast on a sparse song,
    // 30 % faster on the dense benchmark song, where the voices dominate)
    effectsEnabled: settings.reverb || settings.chorus,
    maxBufferSize: BLOCK_FRAMES,
  });
  synth.soundBankManager.addSoundBank(bank, "main");
  await synth.processorInitialized;
  // offline: a dense passage gets more voices instead of cutting notes short
  synth.setSystemParameter("autoAllocateVoices", true);
  if (!settings.reverb) {
    synth.setSystemParameter("reverbGain", 0);
    synth.setSystemParameter("reverbLock", true);
  }
  if (!settings.chorus) {
    synth.setSystemParameter("chorusGain", 0);
    synth.setSystemParameter("chorusLock", true);
  }
  const sequencer = new SpessaSynthSequencer(synth);
  // the file's own timing: a song that starts with a rest keeps it
  sequencer.skipToFirstNoteOn = false;
  sequencer.loopCount = 0;
  sequencer.loadNewSongList([midi]);
  sequencer.play();
  // after loading: a song on several MIDI ports has added its channels by now (16 per port)
  const playing = settings.channels === undefined ? null : new Set(settings.channels);
  if (playing !== null) synth.midiChannels.forEach((channel, index) => channel.setSystemParameter("isMuted", !playing.has(index % 16)));

  const totalFrames = Math.round((info.durationSeconds + settings.tailSeconds) * settings.sampleRate);
  let renderedFrames = 0;
  return {
    info,
    sampleRate: settings.sampleRate,
    totalFrames,
    get renderedFrames() {
      return renderedFrames;
    },
    render(left, right) {
      const frames = Math.min(left.length, right.length, totalFrames - renderedFrames);
      // the synthesizer adds its voices and effects into the arrays
      left.fill(0, 0, frames);
      right.fill(0, 0, frames);
      // hot loop: one sequencer step and one synth block per 128 frames
      for (let at = 0; at < frames; at += BLOCK_FRAMES) {
        const count = Math.min(BLOCK_FRAMES, frames - at);
        sequencer.processTick();
        synth.process(left, right, at, count);
      }
      renderedFrames += frames;
      return frames;
    },
  };
}
