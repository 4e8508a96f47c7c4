import { afterEach, describe, expect, it, vi } from "vitest";
import { benchArgs, jobBenchArgs, listOf, oneOf, positiveInt } from "./bench-args.ts";

/** process.exit made to throw, so a refusal is an exception carrying its code. */
function trapExit() {
  const exit = vi.spyOn(process, "exit").mockImplementation((code) => {
    throw new Error(`exit ${code}`);
  });
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  return { exit, error, log };
}

afterEach(() => vi.restoreAllMocks());

const OPTIONS = { runs: { type: "string", default: "3" }, "no-build": { type: "boolean", default: false } } as const;

describe("bench arguments", () => {
  it("reads the options with their defaults", () => {
    expect(benchArgs("usage", OPTIONS, ["--runs", "5"])).toEqual({ runs: "5", "no-build": false, help: false });
    expect(benchArgs("usage", OPTIONS, ["--no-build"])).toMatchObject({ runs: "3", "no-build": true });
  });

  it("prints the usage for --help and exits 0; an unknown option exits 2", () => {
    const { log, error } = trapExit();
    expect(() => benchArgs("node bench/x.ts [--runs N]", OPTIONS, ["-h"])).toThrow("exit 0");
    expect(log).toHaveBeenCalledWith("node bench/x.ts [--runs N]");
    expect(() => benchArgs("node bench/x.ts [--runs N]", OPTIONS, ["--fast"])).toThrow("exit 2");
    expect(error.mock.calls[0]?.[0]).toMatch(/--fast[\s\S]*node bench\/x\.ts/);
  });

  it("checks whole numbers, choices and job lists", () => {
    const { error } = trapExit();
    expect(positiveInt("4", "--runs")).toBe(4);
    expect(() => positiveInt("0", "--runs")).toThrow("exit 2");
    expect(() => positiveInt("1.5", "--runs")).toThrow("exit 2");
    expect(error).toHaveBeenLastCalledWith('--runs must be a positive integer, got "1.5"');

    expect(oneOf(undefined, ["native", "browser"], "--only")).toBeUndefined();
    expect(oneOf("native", ["native", "browser"], "--only")).toBe("native");
    expect(() => oneOf("gpu", ["native", "browser"], "--only")).toThrow("exit 2");
    expect(error).toHaveBeenLastCalledWith('--only must be "native" or "browser", got "gpu"');

    expect(listOf("a, b", ["a", "b", "c"], "--jobs")).toEqual(["a", "b"]);
    expect(() => listOf("a,z", ["a", "b"], "--jobs")).toThrow("exit 2");
    expect(error).toHaveBeenLastCalledWith('--jobs: unknown "z" (known: a, b)');
  });

  it("gives the job benches their runs, jobs, port and switches, checked", () => {
    const JOBS = ["a-b", "c-d"] as const;
    expect(jobBenchArgs("bench/x.ts", JOBS, 3197, [])).toEqual({ runs: 3, jobs: ["a-b", "c-d"], port: 3197, build: true, browser: true });
    expect(jobBenchArgs("bench/x.ts", JOBS, 3197, ["--runs", "5", "--jobs", "c-d", "--no-build", "--no-browser", "--port", "4000"])).toEqual({ runs: 5, jobs: ["c-d"], port: 4000, build: false, browser: false });
    trapExit();
    expect(() => jobBenchArgs("bench/x.ts", JOBS, 3197, ["--jobs", "e-f"])).toThrow("exit 2");
  });
});
