import { readFile } from "node:fs/promises";
import { expect, test, type Page, type Worker } from "./support/test.ts";
import { gotoHydrated, paintedFrames, saveScreenshots } from "./support/page.ts";

// The file-tool frame (issue 5) on its test-only harness: a real FNV-1a checksum job in a Web
// Worker, repeated over the file's bytes `rounds` times so that it runs for a few seconds.

const HARNESS = "/__test/file-tool";
const MB = 1 << 20;

/** Deterministic pseudo-random bytes (xorshift32). */
function bytes(size: number, seed: number): Buffer {
  const out = Buffer.alloc(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

/** FNV-1a 32 over all bytes, `rounds` times with the state carried over: computed here, independently of the app. */
function expectedChecksum(data: Buffer, rounds: number): string {
  let h = 0x811c9dc5;
  for (let r = 0; r < rounds; r++) {
    for (const byte of data) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  }
  return `fnv1a32=${h.toString(16).padStart(8, "0")} bytes=${data.length}`;
}

const fileInput = (page: Page) => page.locator('[data-testid="file-drop-zone"] input[type="file"]');
const convertButton = (page: Page) => page.getByRole("button", { name: "Compute checksum" });
/** No toast anywhere: the frame says everything in place (issue 31, finding 1). */
const noToast = (page: Page) => expect(page.locator("[data-sonner-toast]")).toHaveCount(0);

/** Records every aria-valuenow of the progress bar (every 25 ms) while the page runs, and how often it looked. */
async function startProgressSampler(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __progress: number[]; __looks: number; __sampler?: number };
    w.__progress = [];
    w.__looks = 0;
    if (w.__sampler) clearInterval(w.__sampler);
    w.__sampler = window.setInterval(() => {
      w.__looks += 1;
      const value = document.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow");
      if (value != null) w.__progress.push(Number(value));
    }, 25);
  });
}
const progressSamples = (page: Page) => page.evaluate(() => (window as unknown as { __progress: number[] }).__progress.slice());
const samplerLooks = (page: Page) => page.evaluate(() => (window as unknown as { __looks: number }).__looks);

/** After a cancel: React has settled (painted frames) and the sampler has looked 40 more times, finding no bar. */
async function progressStaysStopped(page: Page, atCancel: number) {
  await paintedFrames(page);
  const looked = await samplerLooks(page);
  await expect.poll(() => samplerLooks(page)).toBeGreaterThanOrEqual(looked + 40);
  expect((await progressSamples(page)).length).toBe(atCancel);
}

async function chooseFile(page: Page, name: string, buffer: Buffer, mimeType = "application/octet-stream") {
  await fileInput(page).setInputFiles({ name, mimeType, buffer });
  await expect(page.getByTestId("selected-file")).toContainText(name);
}

async function downloadResult(page: Page) {
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download" }).click();
  const download = await downloadPromise;
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), "utf8") };
}

test.describe("file-tool frame", () => {
  test("the harness needs a file of an accepted type, and refuses others with the spec's text, once, on the file's line", async ({ page }) => {
    await gotoHydrated(page, HARNESS);
    await expect(convertButton(page)).toBeDisabled();

    await fileInput(page).setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: bytes(2048, 7) });
    await expect(page.getByTestId("file-refusal").getByTestId("reason")).toHaveText("Invalid file type: Please select a .bin or .txt file");
    await expect(page.getByText("Please select a .bin or .txt file")).toHaveCount(1);
    await noToast(page);
    await expect(page.getByTestId("selected-file")).toHaveCount(0);
    await expect(convertButton(page)).toBeDisabled();

    await fileInput(page).setInputFiles({ name: "empty.bin", mimeType: "application/octet-stream", buffer: Buffer.alloc(0) });
    await expect(page.getByTestId("file-refusal")).toContainText("Empty file: The selected file is empty");
    await expect(convertButton(page)).toBeDisabled();

    // upper-case extension, chosen with the keyboard through the Choose File button
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Choose File" }).focus();
    await page.keyboard.press("Enter");
    await (await chooser).setFiles({ name: "NOTES.TXT", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(page.getByTestId("selected-file")).toContainText("NOTES.TXT");
    await expect(page.getByTestId("selected-file")).toContainText("5 bytes");
    await expect(page.getByTestId("file-refusal")).toHaveCount(0);
    await expect(convertButton(page)).toBeEnabled();
  });

  test("a valid file converts with real progress; the download holds the checksum under base name + new extension", async ({ page }) => {
    const data = bytes(MB, 42);
    const rounds = 250;
    await gotoHydrated(page, HARNESS);
    await chooseFile(page, "sample.data.bin", data);
    await expect(page.getByTestId("selected-file")).toContainText("1 MB");
    await page.getByLabel("Rounds").fill(String(rounds));
    await startProgressSampler(page);
    await convertButton(page).click();
    await expect(page.getByRole("button", { name: "Converting..." })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Cancel" })).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuemin", "0");
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuemax", "100");

    await expect(page.getByTestId("conversion-result")).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId("conversion-result")).toContainText("Conversion successful");
    await expect(page.getByTestId("conversion-description")).toContainText("Checksum computed");
    await noToast(page);
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    const samples = await progressSamples(page);
    const between = new Set(samples.filter((v) => v > 0 && v < 100));
    expect(between.size, `progress values seen: ${samples.join(",")}`).toBeGreaterThanOrEqual(3);
    // real progress only moves forward
    expect(samples.toSorted((a, b) => a - b)).toEqual(samples);

    const expected = expectedChecksum(data, rounds);
    await expect(page.getByTestId("conversion-result")).toContainText(expected);
    const download = await downloadResult(page);
    expect(download.name).toBe("sample.data.fnv.txt");
    expect(download.text).toBe(expected);
  });

  test("on a phone the result is brought into view and focused, and so is a failure (issue 31, finding 6)", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await gotoHydrated(page, HARNESS);
    await chooseFile(page, "phone.bin", bytes(4096, 3));
    await page.getByLabel("Rounds").fill("1");
    // the result appears below the fold of a phone: the page must bring it up
    await page.evaluate(() => window.scrollTo(0, 0));
    await convertButton(page).click();
    const result = page.getByTestId("conversion-result");
    await expect(result).toBeFocused();
    await expect(result).toBeInViewport();
    await expect(result).toContainText(expectedChecksum(bytes(4096, 3), 1));
    await saveScreenshots(page, "frame-result-phone");

    await page.getByLabel("Fail halfway with a codec error").check();
    await page.evaluate(() => window.scrollTo(0, 0));
    await convertButton(page).click();
    const failure = page.getByTestId("conversion-failure");
    await expect(failure).toBeFocused();
    await expect(failure).toBeInViewport();
  });

  test("Cancel stops a long job and its worker; a new run afterwards succeeds on a fresh worker", async ({ page }) => {
    const data = bytes(MB, 99);
    const workers: Worker[] = [];
    page.on("worker", (worker) => workers.push(worker));
    await gotoHydrated(page, HARNESS);
    await chooseFile(page, "long.bin", data);
    await page.getByLabel("Rounds").fill("5000");
    await startProgressSampler(page);
    await convertButton(page).click();
    const bar = page.getByRole("progressbar");
    await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect(page.getByTestId("workers-started")).toHaveText("1");
    expect(workers).toHaveLength(1);
    const closed = workers[0]!.waitForEvent("close");

    await page.getByRole("button", { name: "Cancel" }).click();
    await closed; // the worker was terminated, not left running
    await expect(page.getByTestId("conversion-status")).toHaveText("Conversion cancelled");
    await noToast(page);
    await expect(bar).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Download" })).toHaveCount(0);
    await expect(convertButton(page)).toBeEnabled();
    // progress stays stopped
    const atCancel = (await progressSamples(page)).length;
    await progressStaysStopped(page, atCancel);
    await expect(page.getByTestId("conversion-result")).toHaveCount(0);

    await page.getByLabel("Rounds").fill("30");
    await convertButton(page).click();
    await expect(page.getByTestId("conversion-result")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("workers-started")).toHaveText("2");
    expect(workers).toHaveLength(2);
    const download = await downloadResult(page);
    expect(download.name).toBe("long.fnv.txt");
    expect(download.text).toBe(expectedChecksum(data, 30));
  });

  test("a typed codec error fails the conversion with its message alone, once; the worker stays usable", async ({ page }) => {
    const data = bytes(MB, 5);
    await gotoHydrated(page, HARNESS);
    await chooseFile(page, "broken.bin", data);
    await page.getByLabel("Rounds").fill("2");
    await page.getByLabel("Fail halfway with a codec error").check();
    await convertButton(page).click();
    const reason = "The checksum stopped on purpose at 50% (test failure).";
    await expect(page.getByTestId("conversion-status")).toHaveText(`Conversion failed: ${reason}`);
    // a reason is the whole message: "Please try again" is for failures nobody explained
    await expect(page.getByText(/Please try again/)).toHaveCount(0);
    await noToast(page);
    await expect(page.getByRole("link", { name: "Download" })).toHaveCount(0);
    await expect(page.getByRole("progressbar")).toHaveCount(0);

    await page.getByLabel("Fail halfway with a codec error").uncheck();
    await convertButton(page).click();
    await expect(page.getByTestId("conversion-result")).toContainText(expectedChecksum(data, 2));
    await expect(page.getByTestId("conversion-status")).not.toContainText("Conversion failed");
    await expect(page.getByTestId("workers-started")).toHaveText("1");
  });

  test("choosing a new file clears the earlier result and revokes its download URL", async ({ page }) => {
    await gotoHydrated(page, HARNESS);
    const first = bytes(64 * 1024, 3);
    await chooseFile(page, "first.bin", first);
    await page.getByLabel("Rounds").fill("1");
    await convertButton(page).click();
    await expect(page.getByTestId("conversion-result")).toContainText(expectedChecksum(first, 1));
    const href = await page.getByRole("link", { name: "Download" }).getAttribute("href");
    expect(href).toMatch(/^blob:/);
    const readUrl = (url: string) =>
      page.evaluate((u) =>
        fetch(u).then(
          (r) => r.text(),
          () => "revoked",
        ),
      url);
    expect(await readUrl(href!)).toBe(expectedChecksum(first, 1));

    await chooseFile(page, "second.txt", Buffer.from("second file"), "text/plain");
    await expect(page.getByTestId("conversion-result")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Download" })).toHaveCount(0);
    expect(await readUrl(href!)).toBe("revoked");

    // a refused file clears the choice and the result as well
    await convertButton(page).click();
    await expect(page.getByTestId("conversion-result")).toContainText(expectedChecksum(Buffer.from("second file"), 1));
    await fileInput(page).setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: bytes(100, 1) });
    await expect(page.getByTestId("conversion-result")).toHaveCount(0);
    await expect(convertButton(page)).toBeDisabled();
  });

  test("a file can also be dropped on the drop zone or pasted", async ({ page }) => {
    await gotoHydrated(page, HARNESS);
    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(["dropped bytes"], "dropped.bin", { type: "application/octet-stream" }));
      return transfer;
    });
    const zone = page.getByTestId("file-drop-zone");
    await zone.dispatchEvent("dragenter", { dataTransfer: dropped });
    await zone.dispatchEvent("dragover", { dataTransfer: dropped });
    await zone.dispatchEvent("drop", { dataTransfer: dropped });
    await expect(page.getByTestId("selected-file")).toContainText("dropped.bin");

    await page.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(["pasted text"], "pasted.txt", { type: "text/plain" }));
      document.body.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
    });
    await expect(page.getByTestId("selected-file")).toContainText("pasted.txt");
    await page.getByLabel("Rounds").fill("2");
    await convertButton(page).click();
    await expect(page.getByTestId("conversion-result")).toContainText(expectedChecksum(Buffer.from("pasted text"), 2));
  });

  test("several files pasted at once get a row each; a new choice replaces the list", async ({ page }) => {
    await gotoHydrated(page, HARNESS);
    await page.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(["first"], "one.txt", { type: "text/plain" }));
      transfer.items.add(new File(["second"], "two.bin", { type: "application/octet-stream" }));
      transfer.items.add(new File(["an image"], "three.png", { type: "image/png" }));
      document.body.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
    });
    const rows = page.getByTestId("batch-row");
    await expect(rows).toHaveCount(3);
    await expect(page.getByTestId("selected-file")).toHaveCount(0);
    await expect(rows.nth(2).getByTestId("batch-row-status")).toHaveText("Invalid file type: Please select a .bin or .txt file");
    await page.getByLabel("Rounds").fill("3");
    await convertButton(page).click();
    await expect(page.getByTestId("batch-summary")).toHaveText("2 of 3 converted — 1 could not be.Not converted (the list above says why): three.png.");
    await expect(rows.nth(0).getByTestId("batch-row-status")).toContainText("Done: one.fnv.txt");
    await expect(rows.nth(1).getByTestId("batch-row-status")).toContainText("Done: two.fnv.txt");
    // the one-file result panel is not shown for a list; each row has its own download
    await expect(page.getByTestId("conversion-result")).toHaveCount(0);
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download two.fnv.txt" }).click();
    const download = await downloadPromise;
    expect(await readFile(await download.path(), "utf8")).toBe(expectedChecksum(Buffer.from("second"), 3));

    await chooseFile(page, "alone.bin", Buffer.from("alone"));
    await expect(rows).toHaveCount(0);
  });
});

// The harness with `?combine=1`: the frame offers one checksum of all the accepted files, their bytes
// concatenated in the list's order, so the expected value proves the order the job received.
const COMBINE_LABEL = "Put all files in one checksum, in this order";
const rows = (page: Page) => page.getByTestId("batch-row");
const rowStatus = (page: Page, index: number) => rows(page).nth(index).getByTestId("batch-row-status");
const combineBox = (page: Page) => page.getByLabel(COMBINE_LABEL);
/** the text behind an object URL, or "revoked" */
const readUrl = (page: Page, url: string) =>
  page.evaluate((u) =>
    fetch(u).then(
      (r) => r.text(),
      () => "revoked",
    ),
  url);

async function expectOrder(page: Page, names: string[]) {
  await expect(rows(page)).toHaveCount(names.length);
  for (const [i, name] of names.entries()) await expect(rows(page).nth(i)).toContainText(name);
}

/** On a 375 px wide screen: nothing sticks out sideways, and every row's buttons are whole and big enough to tap. */
async function fitsAPhone(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  for (const button of await rows(page).getByRole("button").all()) {
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(32);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe("file-tool frame: order and one combined result", () => {

  test("ticked, Convert makes one checksum of the files in the list's order; moving a row, then Convert, follows the new order", async ({ page }) => {
    const a = bytes(3000, 11);
    const b = Buffer.from("the second file, in text");
    const c = bytes(5000, 13);
    await gotoHydrated(page, `${HARNESS}?combine=1`);
    // one file: nothing to combine
    await chooseFile(page, "alone.bin", a);
    await expect(page.getByTestId("combine-choice")).toHaveCount(0);

    await fileInput(page).setInputFiles([
      { name: "a.bin", mimeType: "application/octet-stream", buffer: a },
      { name: "b.txt", mimeType: "text/plain", buffer: b },
      { name: "photo.png", mimeType: "image/png", buffer: bytes(100, 1) },
      { name: "c.bin", mimeType: "application/octet-stream", buffer: c },
    ]);
    await expectOrder(page, ["a.bin", "b.txt", "photo.png", "c.bin"]);
    await expect(combineBox(page)).not.toBeChecked();
    await fitsAPhone(page);
    await page.getByLabel("Rounds").fill("2");
    await combineBox(page).check();
    await convertButton(page).click();

    const first = expectedChecksum(Buffer.concat([a, b, c]), 2);
    await expect(page.getByTestId("conversion-result")).toContainText(first, { timeout: 30_000 });
    await expect(page.getByTestId("conversion-description")).toHaveText(`Checksum computed: 3 files: ${first}`);
    for (const i of [0, 1, 3]) await expect(rowStatus(page, i)).toHaveText("In the combined file");
    await expect(rowStatus(page, 2)).toHaveText("Invalid file type: Please select a .bin or .txt file");
    // one result: no row downloads, no "Download all"
    await expect(page.getByRole("button", { name: "Download all" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Download / })).toHaveCount(0);
    let download = await downloadResult(page);
    expect(download.name).toBe("combined.fnv.txt");
    expect(download.text).toBe(first);
    const href = await page.getByRole("link", { name: "Download" }).getAttribute("href");
    expect(await readUrl(page, href!)).toBe(first);
    await saveScreenshots(page, "frame-combined-result");

    // moving a row drops the combined result and its URL; Convert follows the new order
    await page.getByRole("button", { name: "Move up c.bin" }).click();
    await page.getByRole("button", { name: "Move up c.bin" }).click();
    await expectOrder(page, ["a.bin", "c.bin", "b.txt", "photo.png"]);
    await expect(page.getByTestId("conversion-result")).toHaveCount(0);
    expect(await readUrl(page, href!)).toBe("revoked");
    await convertButton(page).click();
    const second = expectedChecksum(Buffer.concat([a, c, b]), 2);
    await expect(page.getByTestId("conversion-result")).toContainText(second, { timeout: 30_000 });
    download = await downloadResult(page);
    expect(download.text).toBe(second);

    // with the keyboard: the first row goes down one place; at the top, Move up does nothing
    await page.getByRole("button", { name: "Move down a.bin" }).focus();
    await page.keyboard.press("Enter");
    await expectOrder(page, ["c.bin", "a.bin", "b.txt", "photo.png"]);
    await expect(page.getByRole("button", { name: "Move down a.bin" })).toBeFocused();
    await page.getByRole("button", { name: "Move up c.bin" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Move up c.bin" })).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByRole("button", { name: "Move up c.bin" })).toBeFocused();
    await expectOrder(page, ["c.bin", "a.bin", "b.txt", "photo.png"]);
    await convertButton(page).click();
    await expect(page.getByTestId("conversion-result")).toContainText(expectedChecksum(Buffer.concat([c, a, b]), 2), { timeout: 30_000 });

    // unticked: each file on its own again, in the list's order, the combined result gone
    await combineBox(page).uncheck();
    await expect(page.getByTestId("conversion-result")).toHaveCount(0);
    for (const i of [0, 1, 2]) await expect(rowStatus(page, i)).toHaveText("Ready");
    await convertButton(page).click();
    await expect(page.getByTestId("batch-summary")).toContainText("3 of 4 converted — 1 could not be.", { timeout: 30_000 });
    await expect(rowStatus(page, 0)).toContainText("Done: c.fnv.txt");
    await expect(rowStatus(page, 1)).toContainText("Done: a.fnv.txt");
    await expect(rowStatus(page, 2)).toContainText("Done: b.fnv.txt");
    await fitsAPhone(page);
    await saveScreenshots(page, "frame-rows-done");
    const rowDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download a.fnv.txt" }).click();
    expect(await readFile(await (await rowDownload).path(), "utf8")).toBe(expectedChecksum(a, 2));
  });

  test("the combined job has one progress bar and one Cancel; the order is fixed while it runs; it fails with the codec's message", async ({ page }) => {
    const files = [bytes(MB, 21), bytes(MB, 22), bytes(MB, 23)];
    const workers: Worker[] = [];
    page.on("worker", (worker) => workers.push(worker));
    await gotoHydrated(page, `${HARNESS}?combine=1`);
    await fileInput(page).setInputFiles(files.map((buffer, i) => ({ name: `part${i + 1}.bin`, mimeType: "application/octet-stream", buffer })));
    await expect(rows(page)).toHaveCount(3);
    await combineBox(page).check();
    await page.getByLabel("Rounds").fill("5000");
    await startProgressSampler(page);
    await convertButton(page).click();

    const bar = page.getByRole("progressbar");
    await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect(bar).toHaveCount(1);
    for (const i of [0, 1, 2]) await expect(rowStatus(page, i)).toHaveText("Going into the combined file");
    await expect(page.getByRole("button", { name: "Move up part2.bin" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Move down part2.bin" })).toBeDisabled();
    await expect(combineBox(page)).toBeDisabled();
    await expect(page.getByRole("button", { name: "Cancel" })).toHaveCount(1);
    await saveScreenshots(page, "frame-combined-running");
    expect(workers).toHaveLength(1);
    const closed = workers[0]!.waitForEvent("close");

    await page.getByRole("button", { name: "Cancel" }).click();
    await closed;
    await expect(page.getByTestId("conversion-status")).toHaveText("Conversion cancelled");
    await expect(bar).toHaveCount(0);
    for (const i of [0, 1, 2]) await expect(rowStatus(page, i)).toHaveText("Cancelled");
    await expect(page.getByRole("link", { name: "Download" })).toHaveCount(0);
    const atCancel = (await progressSamples(page)).length;
    await progressStaysStopped(page, atCancel);
    await expect(page.getByRole("button", { name: "Move up part2.bin" })).toBeEnabled();

    // a codec error ends the one job with its reason
    await page.getByLabel("Rounds").fill("2");
    await page.getByLabel("Fail halfway with a codec error").check();
    await convertButton(page).click();
    const reason = "The checksum stopped on purpose at 50% (test failure).";
    await expect(page.getByTestId("conversion-status")).toHaveText(`Conversion failed: ${reason}`);
    for (const i of [0, 1, 2]) await expect(rowStatus(page, i)).toHaveText("Not combined: the conversion failed");

    await page.getByLabel("Fail halfway with a codec error").uncheck();
    await page.getByLabel("Rounds").fill("1");
    await page.getByRole("button", { name: "Remove part2.bin" }).click();
    await convertButton(page).click();
    await expect(page.getByTestId("conversion-result")).toContainText(expectedChecksum(Buffer.concat([files[0]!, files[2]!]), 1), { timeout: 30_000 });
    await expect(page.getByTestId("workers-started")).toHaveText("2");
  });
});
