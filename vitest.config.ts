import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./tests/support/slow-first-sequencer.ts";

export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "codecs/**/*.test.ts", "server/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/support/**/*.test.ts", "cli/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
    setupFiles: ["tests/support/setup.ts"],
    globalSetup: ["tests/support/tool-lists-setup.ts"],
    // Every core runs test files: Vitest leaves one free by default, which on a 2-core machine almost
    // doubles the suite's time (many files wait on child processes and databases, not the CPU).
    maxWorkers: availableParallelism(),
    // untimed files (a clean clone) start by their slow tool calls, so no long file starts last
    sequence: { sequencer: SlowFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
