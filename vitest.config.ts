import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "codecs/**/*.test.ts", "server/**/*.test.ts", "tests/unit/**/*.test.ts", "cli/**/*.test.ts", "scripts/**/*.test.ts"],
    setupFiles: ["tests/support/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
