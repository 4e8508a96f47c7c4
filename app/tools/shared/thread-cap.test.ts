import { describe, expect, it } from "vitest";
import { threadCap, THREADS_KEY } from "./thread-cap.ts";

const storage = (value: string | null) => ({ getItem: (key: string) => (key === THREADS_KEY ? value : null) });

describe("threadCap", () => {
  it("a positive whole number caps the threads; anything else leaves the device's cores", () => {
    expect(threadCap(storage("1"))).toBe(1);
    expect(threadCap(storage("3"))).toBe(3);
    for (const bad of [null, "", "0", "-1", "1.5", "two"]) expect(threadCap(storage(bad)), String(bad)).toBeUndefined();
    expect(threadCap(undefined)).toBeUndefined();
  });

  it("storage that throws (blocked) leaves the device's cores", () => {
    expect(
      threadCap({
        getItem: () => {
          throw new DOMException("denied", "SecurityError");
        },
      }),
    ).toBeUndefined();
  });
});
