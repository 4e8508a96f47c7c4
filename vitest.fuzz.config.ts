// `npm run fuzz`: the decoders' robustness properties (tests named "... (fuzz)") as long campaigns,
// outside `npm test`: FUZZ_SEEDS seeds of FUZZ_RUNS inputs each (10 × 10^4 by default, see
// tests/support/property.ts). One base seed for the whole campaign, printed here; FC_SEED replays it.
import { defineConfig } from "vitest/config";

const seed = process.env.FC_SEED ?? String(Date.now() % 2 ** 31);
console.info(`fuzz campaign: FC_SEED=${seed}`);

export default defineConfig({
  test: {
    // the files that hold a decoder's robustness properties
    include: ["codecs/**/*.test.ts"],
    testNamePattern: /\(fuzz\)$/,
    setupFiles: ["tests/support/setup.ts"],
    env: { FUZZ: "1", FC_SEED: seed },
    // a campaign is long by design; a hang still ends here
    testTimeout: 3 * 60 * 60 * 1000,
    hookTimeout: 60_000,
  },
});
