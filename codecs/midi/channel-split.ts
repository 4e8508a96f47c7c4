// Sharing a song's rendering between two workers (issue 14): each renders some MIDI channels, and
// the two renders are summed (see `channels` in ./synthesize.ts). The split balances the notes,
// a drum hit counting half (its voices are short).
const DRUM_CHANNEL = 9;
const DRUM_WEIGHT = 0.5;

/**
 * Two sets of channels with about the same work, heaviest first, or null when sharing is not worth
 * it (fewer than two channels play, or one channel holds almost all the notes).
 */
export function splitChannels(channelNotes: readonly number[]): [number[], number[]] | null {
  const weighted = channelNotes
    .map((notes, channel) => ({ channel, weight: notes * (channel === DRUM_CHANNEL ? DRUM_WEIGHT : 1) }))
    .filter(({ weight }) => weight > 0)
    .toSorted((a, b) => b.weight - a.weight);
  const halves: [number[], number[]] = [[], []];
  const load = [0, 0];
  for (const { channel, weight } of weighted) {
    const lighter = load[0]! <= load[1]! ? 0 : 1;
    halves[lighter].push(channel);
    load[lighter]! += weight;
  }
  const total = load[0]! + load[1]!;
  // a split leaving one side under a fifth of the work costs a second reverb for little gain
  if (halves[1].length === 0 || Math.min(load[0]!, load[1]!) < total * 0.2) return null;
  // the channels without notes (controllers only) go with the first half, which plays them all
  for (let channel = 0; channel < 16; channel++) if (!halves[1].includes(channel) && !halves[0].includes(channel)) halves[0].push(channel);
  return [halves[0].toSorted((a, b) => a - b), halves[1].toSorted((a, b) => a - b)];
}
