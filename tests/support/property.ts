// Every fast-check property of the unit tests runs through here, so a run is repeatable: one fixed
// seed (FC_SEED overrides it) and a run count chosen per property to keep `npm test` quick. When a
// property fails, fast-check's message names the seed and the path that replays the failing case.
//
// Decoder robustness properties use `fuzzProperty`: a short run in `npm test`, and under `npm run
// fuzz` (FUZZ=1, vitest.fuzz.config.ts) a long campaign over several seeds.
import fc from "fast-check";

/** The seed of every property in `npm test`, unless FC_SEED names another. */
export const DEFAULT_SEED = 20_261_124;

function integerFromEnv(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, not "${text}"`);
  return value;
}

/** Whether this run is a fuzzing campaign (`npm run fuzz`) rather than the quick suite. */
export const FUZZING = process.env.FUZZ === "1";

/** The seed of this run: FC_SEED, else the fixed default (quick suite) or the clock (campaign). */
export const FC_SEED = integerFromEnv("FC_SEED", FUZZING ? Date.now() % 2 ** 31 : DEFAULT_SEED);

/** fast-check parameters for a property of the quick suite: the fixed seed and `numRuns` runs. */
export function propertyRuns(numRuns: number): { seed: number; numRuns: number } {
  return { seed: FC_SEED, numRuns };
}

/** A campaign's size: FUZZ_SEEDS seeds (default 10) of FUZZ_RUNS inputs each (default 10^4, so 10^5 a property). */
export function campaign(): { seeds: number[]; numRuns: number } {
  const count = integerFromEnv("FUZZ_SEEDS", 10);
  const numRuns = integerFromEnv("FUZZ_RUNS", 10_000);
  return { seeds: Array.from({ length: count }, (_, i) => (FC_SEED + i * 7919) % 2 ** 31), numRuns };
}

/**
 * Checks a decoder robustness property: `shortRuns` inputs with the fixed seed in the quick suite,
 * the whole campaign() when fuzzing. Returns the number of inputs tried.
 */
export function fuzzProperty<Ts>(property: fc.IRawProperty<Ts>, shortRuns: number): number {
  if (!FUZZING) {
    fc.assert(property, propertyRuns(shortRuns));
    return shortRuns;
  }
  const { seeds, numRuns } = campaign();
  for (const seed of seeds) {
    fc.assert(property, { seed, numRuns });
    // how long a seed took is Vitest's report to give (decision 019: no clock in test code)
    console.info(`fuzz: seed ${seed}, ${numRuns} inputs`);
  }
  return seeds.length * numRuns;
}
