import { afterEach, beforeEach, vi } from "vitest";

// A console.error in a test is a bug: fail loudly.
let spy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error called: ${args.map(String).join(" ")}`);
  });
});
afterEach(() => spy?.mockRestore());
