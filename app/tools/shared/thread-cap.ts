// The most threads a tool's work may use in this browser, as CONVERT_THREADS is for the CLI: unset,
// the device's cores; `localStorage["convert-threads"] = "1"` keeps it on the tool's one worker.
// The benchmarks set it to measure both paths (decision 059); a visitor never needs to.
export const THREADS_KEY = "convert-threads";

/** The cap set in this browser, or undefined (the device's cores). */
export function threadCap(storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage): number | undefined {
  let value: string | null = null;
  try {
    value = storage?.getItem(THREADS_KEY) ?? null;
  } catch {
    return undefined; // storage refused (a sandboxed frame, blocked cookies)
  }
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 1 ? n : undefined;
}
