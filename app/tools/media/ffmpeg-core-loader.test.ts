import { statSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { CORE_WASM_BYTES, THREADED_CORE_WASM_BYTES } from "./ffmpeg-core-loader.ts";

describe("CORE_WASM_BYTES", () => {
  it("is the size of the installed core's wasm (update it with @ffmpeg/core)", () => {
    const wasm = createRequire(import.meta.url).resolve("@ffmpeg/core/wasm");
    expect(statSync(wasm).size).toBe(CORE_WASM_BYTES);
  });
});

describe("THREADED_CORE_WASM_BYTES", () => {
  it("is the size of the installed threaded core's wasm (update it with @ffmpeg/core-mt)", () => {
    const wasm = createRequire(import.meta.url).resolve("@ffmpeg/core-mt/wasm");
    expect(statSync(wasm).size).toBe(THREADED_CORE_WASM_BYTES);
  });
});
