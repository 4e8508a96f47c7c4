import { describe, expect, it } from "vitest";
import { filesOfLaunch, handFilesTo, launchQueueOf, takeHandedFiles } from "./incoming-files.ts";

const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name);

describe("handed files", () => {
  it("go to the page they were handed to, once", () => {
    const files = [file("a.dds"), file("b.dds")];
    handFilesTo("/tool/dds-to-png", files);
    expect(takeHandedFiles("/tool/png-to-dds-converter")).toBeNull();
    expect(takeHandedFiles("/tool/dds-to-png")).toEqual(files);
    expect(takeHandedFiles("/tool/dds-to-png")).toBeNull();
  });

  it("a newer hand-over replaces an older one", () => {
    handFilesTo("/tool/dds-to-png", [file("old.dds")]);
    handFilesTo("/tool/jpg-to-ico", [file("new.png")]);
    expect(takeHandedFiles("/tool/dds-to-png")).toBeNull();
    expect(takeHandedFiles("/tool/jpg-to-ico")?.map((f) => f.name)).toEqual(["new.png"]);
  });
});

describe("launchQueue", () => {
  it("is found only where the browser has one", () => {
    const queue = { setConsumer: () => undefined };
    expect(launchQueueOf({ launchQueue: queue })).toBe(queue);
    expect(launchQueueOf({})).toBeNull();
    expect(launchQueueOf({ launchQueue: {} })).toBeNull();
  });

  it("gives the files of a launch in order, leaving out folders and handles that cannot be read", async () => {
    const files = await filesOfLaunch({
      files: [
        { kind: "file", getFile: () => Promise.resolve(file("one.dds")) },
        { kind: "directory" },
        { kind: "file", getFile: () => Promise.reject(new DOMException("gone", "NotFoundError")) },
        { kind: "file", getFile: () => Promise.resolve(file("two.png")) },
      ],
    });
    expect(files.map((f) => f.name)).toEqual(["one.dds", "two.png"]);
    expect(await filesOfLaunch({})).toEqual([]);
  });
});
