// Sharing a song's rendering between two workers (issue 14): each renders some MIDI channels, and
// the two renders are summed (see `channels` in ./synthesize.ts). The work of a channel is about
// how long its voices sound: its notes' held length plus a release for each (half a beat), which
// tracked spessasynth's measured cost per channel within 2× on a dense song, where note counts
// alone were off by 8×.
import type { MidiInfo } from "./read-midi.ts";

/** Each note's release, in quarter notes. */
const RELEASE_QUARTERS = 0.5;
/** A split leaving one side under this share of the work costs a second reverb for little gain. */
const MIN_SHARE = 0.2;
/** SMPTE files count ticks per frame, not per beat: take this many ticks a beat. */
const FALLBACK_TICKS_PER_QUARTER = 480;

/** Each channel's estimated work, in quarter notes of sounding voice. */
export function channelWork(info: Pick<MidiInfo, "channelNotes" | "channelNoteTicks" | "ticksPerQuarter">): number[] {
  const perQuarter = info.ticksPerQuarter ?? FALLBACK_TICKS_PER_QUARTER;
  return info.channelNotes.map((notes, channel) => (info.channelNoteTicks[channel] ?? 0) / perQuarter + notes * RELEASE_QUARTERS);
}

/**
 * Two sets of channels with about the same work (heaviest first into the lighter side), every
 * channel in exactly one, or null when sharing is not worth it (one side would get under a fifth).
 */
export function splitChannels(work: readonly number[]): [number[], number[]] | null {
  const order = work
    .map((weight, channel) => ({ channel, weight }))
    .filter(({ weight }) => weight > 0)
    .toSorted((a, b) => b.weight - a.weight);
  const halves: [number[], number[]] = [[], []];
  const load = [0, 0];
  for (const { channel, weight } of order) {
    const lighter = load[0]! <= load[1]! ? 0 : 1;
    halves[lighter].push(channel);
    load[lighter]! += weight;
  }
  const total = load[0]! + load[1]!;
  if (halves[1].length === 0 || Math.min(load[0]!, load[1]!) < total * MIN_SHARE) return null;
  // the channels without notes (controllers only) go with the first half
  for (let channel = 0; channel < 16; channel++) if (!halves[0].includes(channel) && !halves[1].includes(channel)) halves[0].push(channel);
  return [halves[0].toSorted((a, b) => a - b), halves[1].toSorted((a, b) => a - b)];
}
