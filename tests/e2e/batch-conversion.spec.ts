import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import { decodeDds, encodeDds } from "#codecs/dds/index.ts";
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import { decodePng } from "#codecs/png/index.ts";
import { expect, test, type Page, type Worker } from "./support/test.ts";
import { gotoHydrated, paintedFrames, saveScreenshots } from "./support/page.ts";
import { patternImage as pattern } from "./support/image-fixtures.ts";

// Several files at once in the file-tool frame (issue 12), on DDS to PNG: one row per file, each
// converted with the page's options, a corrupt or refused file failing alone, "Download all" as a
// zip whose PNGs are decoded here and compared with the pixels the DDS fixtures were made from.
// Cancel in the middle of a queue runs on the slow test harness.


const sameImage = (a: RgbaImage, b: RgbaImage) => ({ width: a.width, height: a.height, equal: Buffer.from(a.data).equals(Buffer.from(b.data)) });

const MB = 1 << 20;
const bytes = (seed: number) => Buffer.alloc(MB, seed);

/** FNV-1a 32 of the bytes, one round: computed here, independently of the app. */
function checksum(data: Buffer): string {
  let h = 0x811c9dc5;
  for (const byte of data) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return `fnv1a32=${h.toString(16).padStart(8, "0")} bytes=${data.length}`;
}

const fileInput = (page: Page) => page.locator('[data-testid="file-drop-zone"] input[type="file"]');
const rows = (page: Page) => page.getByTestId("batch-row");
const rowStatus = (page: Page, index: number) => rows(page).nth(index).getByTestId("batch-row-status");
const summary = (page: Page) => page.getByTestId("batch-summary");

async function downloadAll(page: Page) {
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download all" }).click();
  const download = await downloadPromise;
  return { name: download.suggestedFilename(), entries: unzipSync(new Uint8Array(readFileSync(await download.path()))) };
}

test.describe("several files at once", () => {
  const stone = pattern(64, 32, 1);
  const leaf = pattern(16, 16, 2);
  const glass = pattern(32, 32, 3);
  const stoneDds = encodeDds(stone);
  const leafDds = encodeDds(leaf);
  const glassBc1 = encodeDds(glass, { format: "bc1" });

  test("three DDS files: three rows, each converted; a corrupt and a refused file fail alone; Download all holds the PNGs", async ({ page }) => {
    await gotoHydrated(page, "/tool/dds-to-png");
    await fileInput(page).setInputFiles([
      { name: "stone.dds", mimeType: "application/octet-stream", buffer: Buffer.from(stoneDds) },
      { name: "broken.dds", mimeType: "application/octet-stream", buffer: Buffer.from("this is not a texture, just some text in a file") },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a texture either") },
      { name: "leaf.dds", mimeType: "application/octet-stream", buffer: Buffer.from(leafDds) },
      { name: "glass.dds", mimeType: "application/octet-stream", buffer: Buffer.from(glassBc1) },
    ]);
    await expect(rows(page)).toHaveCount(5);
    await expect(page.getByTestId("selected-file")).toHaveCount(0);
    // the refused file keeps its row with the refusal, said there only (issue 31, finding 1)
    await expect(rowStatus(page, 2)).toHaveText("Invalid File: Please select a DDS file");
    await expect(page.getByText("Please select a DDS file")).toHaveCount(1);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    // the options are the first file's, and the panel says which file it read (issue 31, finding 7)
    await expect(page.getByTestId("dds-info")).toContainText("64 × 32");
    await expect(page.getByTestId("dds-info")).toContainText("File information: stone.dds");
    await expect(rowStatus(page, 0)).toHaveText("Ready");
    // a row's name picks the file the panel describes; a refused row has no such button
    await expect(rows(page).nth(2).getByRole("button", { name: "notes.txt", exact: true })).toHaveCount(0);
    await rows(page).nth(3).getByRole("button", { name: "leaf.dds", exact: true }).click();
    await expect(page.getByTestId("dds-info")).toContainText("File information: leaf.dds");
    await expect(page.getByTestId("dds-info")).toContainText("16 × 16");
    await expect(rows(page).nth(3).getByRole("button", { name: "leaf.dds", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(rows(page).nth(0).getByRole("button", { name: "stone.dds", exact: true })).toHaveAttribute("aria-pressed", "false");
    await saveScreenshots(page, "batch-dds-inspect");
    await rows(page).nth(0).getByRole("button", { name: "stone.dds", exact: true }).click();
    await expect(page.getByTestId("dds-info")).toContainText("File information: stone.dds");

    await page.getByRole("button", { name: "Convert", exact: true }).click();
    await expect(rowStatus(page, 4)).toContainText("Done: glass.png", { timeout: 45_000 });
    await expect(rowStatus(page, 0)).toContainText("Done: stone.png");
    // what the file is, in plain words; the signature it lacks only behind "Details"
    await expect(rowStatus(page, 1)).toHaveText("Could not be converted: This file is a text file, not a DDS texture.");
    await expect(rows(page).nth(1).getByTestId("reason-details")).toContainText('"DDS "');
    await expect(rows(page).nth(1).getByText(/"DDS "/)).toBeHidden();
    await expect(rowStatus(page, 2)).toHaveText("Invalid File: Please select a DDS file");
    await expect(rowStatus(page, 3)).toContainText("Done: leaf.png");
    // a partial batch is not a red failure: how many converted, how many could not be, and which
    await expect(summary(page)).toHaveText("3 of 5 converted — 2 could not be.Not converted (the list above says why): broken.dds, notes.txt.");
    await expect(page.getByText("Conversion Failed")).toHaveCount(0);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await saveScreenshots(page, "batch-dds-done");

    const { name, entries } = await downloadAll(page);
    expect(name).toBe("converted-files.zip");
    expect(Object.keys(entries)).toEqual(["stone.png", "leaf.png", "glass.png"]);
    expect(sameImage(decodePng(entries["stone.png"]!), stone)).toEqual({ width: 64, height: 32, equal: true });
    expect(sameImage(decodePng(entries["leaf.png"]!), leaf)).toEqual({ width: 16, height: 16, equal: true });
    // BC1 is lossy: the PNG holds exactly the decoded blocks
    expect(sameImage(decodePng(entries["glass.png"]!), decodeDds(glassBc1))).toEqual({ width: 32, height: 32, equal: true });

    // each row has its own download, the same bytes as in the zip
    const one = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download leaf.png" }).click();
    const leafDownload = await one;
    expect(leafDownload.suggestedFilename()).toBe("leaf.png");
    expect(Buffer.from(readFileSync(await leafDownload.path())).equals(Buffer.from(entries["leaf.png"]!))).toBe(true);

    // Remove takes a row away; down to one file, the frame is the one-file frame again
    for (const file of ["broken.dds", "notes.txt", "leaf.dds", "glass.dds"]) await page.getByRole("button", { name: `Remove ${file}` }).click();
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByTestId("selected-file")).toContainText("stone.dds");
    await expect(page.getByTestId("conversion-result")).toContainText("stone.png");
  });

  test("files dropped together: same names get unique names, and 'All images' of each file goes in its own folder", async ({ page }) => {
    const brick = pattern(16, 16, 4);
    const brick2 = pattern(8, 8, 5);
    const tile = pattern(16, 8, 6);
    const fixtures = [
      { name: "brick.dds", bytes: encodeDds(brick, { mipmaps: true }) },
      { name: "brick.dds", bytes: encodeDds(brick2, { mipmaps: true }) },
      { name: "tile.dds", bytes: encodeDds(tile, { mipmaps: true }) },
    ];
    await gotoHydrated(page, "/tool/dds-to-png");
    const transfer = await page.evaluateHandle((files) => {
      const data = new DataTransfer();
      for (const file of files) data.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: "application/octet-stream" }));
      return data;
    }, fixtures.map((f) => ({ name: f.name, bytes: [...f.bytes] })));
    const zone = page.getByTestId("file-drop-zone");
    await zone.dispatchEvent("dragenter", { dataTransfer: transfer });
    await zone.dispatchEvent("dragover", { dataTransfer: transfer });
    await zone.dispatchEvent("drop", { dataTransfer: transfer });
    await expect(rows(page)).toHaveCount(3);

    await page.getByRole("radio", { name: /All 5 images/ }).check();
    await page.getByRole("button", { name: "Convert", exact: true }).click();
    await expect(summary(page)).toHaveText("All 3 files converted.", { timeout: 45_000 });
    await expect(rowStatus(page, 0)).toContainText("Done: brick_all_images.zip");
    await expect(rowStatus(page, 1)).toContainText("Done: brick_all_images (2).zip");
    await expect(rowStatus(page, 2)).toContainText("Done: tile_all_images.zip");

    const { entries } = await downloadAll(page);
    const expected: Record<string, RgbaImage> = {};
    const folders = ["brick", "brick (2)", "tile"];
    fixtures.forEach((fixture, i) => {
      const { width, height } = decodeDds(fixture.bytes);
      for (let level = 0; (width >> level) > 0 || (height >> level) > 0; level++) {
        const w = Math.max(1, width >> level);
        const h = Math.max(1, height >> level);
        expected[`${folders[i]}/${fixture.name.replace(".dds", "")}_mip${level}_${w}x${h}.png`] = decodeDds(fixture.bytes, { level });
      }
    });
    expect(Object.keys(entries)).toEqual(Object.keys(expected));
    for (const [entry, image] of Object.entries(expected)) {
      expect(sameImage(decodePng(entries[entry]!), image), entry).toEqual({ width: image.width, height: image.height, equal: true });
    }
    // the top levels are the very pixels the fixtures were made from
    expect(sameImage(decodePng(entries["brick (2)/brick_mip0_8x8.png"]!), brick2).equal).toBe(true);
  });
});

test.describe("several files on the test harness", () => {

  test("Cancel in the middle stops the running file and the queue; Convert afterwards runs them all", async ({ page }) => {
    const workers: Worker[] = [];
    page.on("worker", (worker) => workers.push(worker));
    await gotoHydrated(page, "/__test/file-tool");
    await fileInput(page).setInputFiles(["a.bin", "b.bin", "c.bin"].map((name, i) => ({ name, mimeType: "application/octet-stream", buffer: bytes(i + 1) })));
    await expect(rows(page)).toHaveCount(3);
    await page.getByLabel("Rounds").fill("5000");
    await page.getByRole("button", { name: "Compute checksum" }).click();
    await expect(rowStatus(page, 0)).toHaveText(/^Converting [1-9]\d*%$/, { timeout: 20_000 });
    await expect(rows(page).nth(0).getByRole("progressbar")).toBeVisible();
    await expect(rowStatus(page, 1)).toHaveText("Waiting");
    await expect(rowStatus(page, 2)).toHaveText("Waiting");
    expect(workers).toHaveLength(1);
    const closed = workers[0]!.waitForEvent("close");
    await saveScreenshots(page, "batch-harness-running");

    await page.getByRole("button", { name: "Cancel" }).click();
    await closed; // the running job's worker was terminated
    for (const i of [0, 1, 2]) await expect(rowStatus(page, i)).toHaveText("Cancelled");
    await expect(summary(page)).toHaveText("None of the 3 files converted — 3 cancelled.Not converted (the list above says why): a.bin, b.bin, c.bin.");
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    // nothing starts afterwards: once React has run the cancel's effects, a restarted queue would show
    await paintedFrames(page);
    for (const i of [0, 1, 2]) await expect(rowStatus(page, i)).toHaveText("Cancelled");
    expect(workers).toHaveLength(1);
    await expect(page.getByTestId("workers-started")).toHaveText("1");

    await page.getByRole("button", { name: "Remove b.bin" }).click();
    await expect(rows(page)).toHaveCount(2);
    await page.getByLabel("Rounds").fill("1");
    await page.getByRole("button", { name: "Compute checksum" }).click();
    await expect(summary(page)).toHaveText("All 2 files converted.", { timeout: 30_000 });
    await expect(rowStatus(page, 0)).toContainText("Done: a.fnv.txt");
    await expect(rowStatus(page, 1)).toContainText("Done: c.fnv.txt");
    const { entries } = await downloadAll(page);
    expect(Object.keys(entries)).toEqual(["a.fnv.txt", "c.fnv.txt"]);
    expect(new TextDecoder().decode(entries["a.fnv.txt"])).toBe(checksum(bytes(1)));
    expect(new TextDecoder().decode(entries["c.fnv.txt"])).toBe(checksum(bytes(3)));
  });
});
