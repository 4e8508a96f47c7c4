import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { unzipSync } from "fflate";
import { encodeDds } from "#codecs/dds/index.ts";
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import { decodePng } from "#codecs/png/index.ts";
import { scratch } from "#tests/support/scratch.ts";
import { expect, test, type Page } from "./support/test.ts";
import { gotoHydrated, paintedFrames, saveScreenshots } from "./support/page.ts";
import { patternImage as pattern } from "./support/image-fixtures.ts";

// "Choose folder" on every file tool (issue 30, decision 050). A real folder on disk, given through
// the `webkitdirectory` input, converts on DDS to PNG into one zip with the same sub-folders (the
// PNGs decoded here and compared with the pixels they were made from); files the tool does not read
// and a file that fails are listed with the reason. The slow checksum harness shows the progress in
// files and bytes and Cancel. Where the browser has the directory picker, the Origin Private File
// System stands in for the folders the visitor would pick (a headless browser cannot show the
// dialog): the outputs are written there with their sub-folders, and nothing already there is replaced.


const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const panel = (page: Page) => page.getByTestId("folder-conversion");
const folderInput = (page: Page) => page.getByTestId("folder-input");

/** A browser without the directory picker (Firefox, Safari): the input and the zip are all there is. */
async function withoutDirectoryPicker(page: Page) {
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, "showDirectoryPicker");
    if ("showDirectoryPicker" in window) Object.defineProperty(window, "showDirectoryPicker", { value: undefined });
  });
}

test.describe("converting a whole folder", () => {
  const folder = scratch("folder-conversion");
  test.afterAll(() => folder.cleanup());

  test("30 files in nested folders: every DDS becomes a PNG in a zip with the same structure; the others are listed with the reason", async ({ page }) => {
    // 24 textures in five folders, one name that differs only in case, a corrupt DDS, four files the tool does not read
    const root = path.join(folder.dir, "textures");
    const images = new Map<string, RgbaImage>();
    const layout: [string, number][] = [
      ["", 4],
      ["walls", 6],
      ["walls/old", 6],
      ["floors", 5],
      ["floors/wood/deep", 3],
    ];
    let seed = 0;
    for (const [dir, count] of layout) {
      mkdirSync(path.join(root, dir), { recursive: true });
      for (let i = 1; i <= count; i++) {
        seed++;
        const image = pattern(8 + (seed % 5) * 4, 8 + (seed % 3) * 8, seed);
        const name = `${dir === "" ? "" : `${dir}/`}tex${i * 5}.dds`;
        writeFileSync(path.join(root, name), encodeDds(image));
        images.set(name, image);
      }
    }
    const upper = pattern(12, 12, 99);
    writeFileSync(path.join(root, "floors/TEX5.DDS"), encodeDds(upper));
    writeFileSync(path.join(root, "walls/broken.dds"), "this is not a texture, just some text in a file");
    writeFileSync(path.join(root, "readme.txt"), "textures for the level");
    writeFileSync(path.join(root, "walls/notes.md"), "# walls");
    writeFileSync(path.join(root, "floors/preview.jpg"), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    writeFileSync(path.join(root, "floors/wood/Thumbs.db"), "x");

    await withoutDirectoryPicker(page);
    await gotoHydrated(page, "/tool/dds-to-png");
    await expect(panel(page).getByRole("button", { name: "Choose folder" })).toBeEnabled();
    await folderInput(page).setInputFiles(root);
    // 24 + the upper-case one + the broken one read as DDS; 4 are not the tool's
    await expect(page.getByTestId("folder-summary")).toHaveText(/^textures: 26 files to convert \([\d.]+ KB\), 4 skipped\.$/);
    const skipped = page.getByTestId("folder-skipped").getByRole("listitem");
    await expect(skipped).toHaveText([
      "floors/preview.jpg: Not a file this tool reads (accepted: DDS)",
      "floors/wood/Thumbs.db: Not a file this tool reads (accepted: DDS)",
      "readme.txt: Not a file this tool reads (accepted: DDS)",
      "walls/notes.md: Not a file this tool reads (accepted: DDS)",
    ]);
    // no folder picker in this browser: no "Convert into a folder"
    await expect(panel(page).getByRole("button", { name: "Convert into a folder…" })).toHaveCount(0);
    await saveScreenshots(page, "folder-chosen");

    const downloadPromise = page.waitForEvent("download");
    await panel(page).getByRole("button", { name: "Convert to a zip" }).click();
    const download = await downloadPromise;
    await expect(page.getByTestId("folder-status")).toHaveText("Done: 25 files in textures-converted.zip (saved to your downloads).");
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await expect(skipped).toHaveCount(5);
    await expect(skipped.last()).toHaveText("walls/broken.dds: Conversion failed: This file is a text file, not a DDS texture.");
    await expect(panel(page).getByRole("progressbar")).toHaveCount(0);
    await saveScreenshots(page, "folder-done");

    expect(download.suggestedFilename()).toBe("textures-converted.zip");
    const entries = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const expectedNames = [...images.keys()].map((name) => name.replace(/\.dds$/, ".png"));
    // "TEX5.DDS" and "tex5.dds" of one folder make the same name: the second is numbered
    expect(Object.keys(entries).toSorted()).toEqual([...expectedNames, "floors/TEX5 (2).png"].toSorted());
    expect(Object.keys(entries)).toHaveLength(25);
    for (const [name, image] of images) {
      const png = entries[name.replace(/\.dds$/, ".png")]!;
      expect(Buffer.from(png.subarray(0, 8)).equals(PNG_SIGNATURE), name).toBe(true);
      const decoded = decodePng(png);
      expect({ name, width: decoded.width, height: decoded.height, same: Buffer.from(decoded.data).equals(Buffer.from(image.data)) }).toEqual({
        name,
        width: image.width,
        height: image.height,
        same: true,
      });
    }
    const numbered = decodePng(entries["floors/TEX5 (2).png"]!);
    expect(Buffer.from(numbered.data).equals(Buffer.from(upper.data))).toBe(true);
  });

  test("the progress counts files and bytes; Cancel stops the folder and makes no zip", async ({ page }) => {
    const root = path.join(folder.dir, "data");
    mkdirSync(path.join(root, "b"), { recursive: true });
    const MB = 1 << 20;
    writeFileSync(path.join(root, "a.bin"), Buffer.alloc(MB, 1));
    writeFileSync(path.join(root, "b/c.bin"), Buffer.alloc(MB, 2));
    writeFileSync(path.join(root, "b/d.txt"), Buffer.alloc(MB, 3));
    const downloads: string[] = [];
    page.on("download", (d) => downloads.push(d.suggestedFilename()));

    await withoutDirectoryPicker(page);
    await gotoHydrated(page, "/__test/file-tool");
    // long enough that Cancel lands while the first file converts
    await page.getByLabel("Rounds").fill("5000");
    await folderInput(page).setInputFiles(root);
    await expect(page.getByTestId("folder-summary")).toHaveText("data: 3 files to convert (3 MB).");
    await panel(page).getByRole("button", { name: "Convert to a zip" }).click();
    const bar = panel(page).getByRole("progressbar");
    await expect(bar).toHaveAccessibleName("Converting into data-converted.zip");
    await expect(page.getByTestId("folder-status")).toHaveText(/^0 of 3 files · [\d.]+ (bytes|KB|MB) of 3 MB\.$/);
    // real progress of the running file moves the bytes
    await expect(page.getByTestId("folder-status")).not.toHaveText("0 of 3 files · 0 bytes of 3 MB.");
    await expect(panel(page).getByRole("button", { name: "Choose folder" })).toBeDisabled();
    await saveScreenshots(page, "folder-progress");

    await panel(page).getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("folder-status")).toHaveText("Cancelled: no zip was made.");
    await expect(bar).toHaveCount(0);
    await paintedFrames(page);
    expect(downloads).toEqual([]);

    // a new run of the same folder goes to the end
    await page.getByLabel("Rounds").fill("1");
    const downloadPromise = page.waitForEvent("download");
    await panel(page).getByRole("button", { name: "Convert to a zip" }).click();
    const download = await downloadPromise;
    await expect(page.getByTestId("folder-status")).toHaveText("Done: 3 files in data-converted.zip (saved to your downloads).");
    const entries = unzipSync(new Uint8Array(readFileSync(await download.path())));
    expect(Object.keys(entries)).toEqual(["a.fnv.txt", "b/c.fnv.txt", "b/d.fnv.txt"]);
    expect(new TextDecoder().decode(entries["b/c.fnv.txt"])).toMatch(/^fnv1a32=[0-9a-f]{8} bytes=1048576$/);
  });

  test("where the browser can write folders: the picked folder is read, and the outputs are written into the folder picked, sub-folders made, nothing replaced", async ({ page }) => {
    await gotoHydrated(page, "/__test/file-tool");
    await page.getByLabel("Rounds").fill("1");
    // the folders the visitor would pick: two folders of the origin's private file system, filled here
    await page.evaluate(async () => {
      const opfs = await navigator.storage.getDirectory();
      const files: [string, string][] = [
        ["sounds/a.bin", "first"],
        ["sounds/skip.wav", "not for this tool"],
        ["sounds/x/y/b.txt", "second"],
        ["out/a.fnv.txt", "already here"],
      ];
      for (const [where, text] of files) {
        const parts = where.split("/");
        let dir = opfs;
        for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
        const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
        await writable.write(text);
        await writable.close();
      }
      const input = await opfs.getDirectoryHandle("sounds");
      const output = await opfs.getDirectoryHandle("out");
      const picks = { read: input, readwrite: output };
      Object.defineProperty(window, "showDirectoryPicker", { value: async (options?: { mode?: "read" | "readwrite" }) => picks[options?.mode ?? "read"], configurable: true });
    });

    await panel(page).getByRole("button", { name: "Choose folder" }).click();
    await expect(page.getByTestId("folder-summary")).toHaveText("sounds: 2 files to convert (11 bytes), 1 skipped.");
    await expect(page.getByTestId("folder-skipped").getByRole("listitem")).toHaveText(["skip.wav: Not a file this tool reads (accepted: BIN, TXT)"]);
    await panel(page).getByRole("button", { name: "Convert into a folder…" }).click();
    await expect(page.getByTestId("folder-status")).toHaveText("Done: 2 files written to the folder out.");
    await saveScreenshots(page, "folder-written");

    const written = await page.evaluate(async () => {
      type Listable = FileSystemDirectoryHandle & { values(): AsyncIterable<FileSystemDirectoryHandle | FileSystemFileHandle> };
      const files: Record<string, string> = {};
      const walk = async (dir: FileSystemDirectoryHandle, prefix: string) => {
        for await (const handle of (dir as Listable).values()) {
          if (handle.kind === "directory") await walk(handle as FileSystemDirectoryHandle, `${prefix}${handle.name}/`);
          else files[`${prefix}${handle.name}`] = await (await (handle as FileSystemFileHandle).getFile()).text();
        }
      };
      await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle("out"), "");
      return files;
    });
    expect(Object.keys(written).toSorted()).toEqual(["a.fnv (2).txt", "a.fnv.txt", "x/y/b.fnv.txt"]);
    expect(written["a.fnv.txt"]).toBe("already here");
    expect(written["a.fnv (2).txt"]).toBe("fnv1a32=" + fnv("first") + " bytes=5");
    expect(written["x/y/b.fnv.txt"]).toBe("fnv1a32=" + fnv("second") + " bytes=6");
  });
});

/** FNV-1a 32 of a text's bytes, one round: computed here, independently of the app. */
function fnv(text: string): string {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(text)) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}
