import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import type { MediaEnginesHarness } from "#app/routes/test/media-engines.tsx";
import { expect, test, type Page } from "./support/test";
import { gotoHydrated } from "./support/page";

// Opt-in measurement (issue 13), not part of the suite: the peak memory of Chromium while the
// mediabunny engine remuxes a big MP4 to MKV through the OPFS sink. Make the file first, e.g.
//   ffmpeg -f lavfi -i testsrc2=size=1280x720:rate=30:duration=10 -f lavfi -i sine=duration=10 \
//     -c:v libx264 -preset ultrafast -b:v 40M -c:a aac src.mp4
//   ffmpeg -stream_loop 45 -i src.mp4 -c copy /tmp/big.mp4          (about 1 GiB)
// then run with MEDIA_BIG_FILE=/tmp/big.mp4 (and MEDIA_BIG_SINK=memory to compare the memory sink).
// It uses a persistent profile: Playwright's usual contexts are off the record, and there Chromium
// keeps OPFS files in the browser process's memory, which is not what visitors get.

const BIG = process.env.MEDIA_BIG_FILE;
const SINK = process.env.MEDIA_BIG_SINK === "memory" ? "memory" : "opfs";

/** Resident memory (KiB) of every process under this test worker: the browser it launched and its children. */
function browserTreeRss(): { total: number; largest: number; kind: string } {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,rss=,args="]).toString().trim().split("\n");
  const table = rows.map((row) => {
    const [pid, ppid, rss, ...args] = row.trim().split(/\s+/);
    const kind = /--type=([\w-]+)/.exec(args.join(" "))?.[1] ?? "browser";
    return [Number(pid), Number(ppid), Number(rss), kind] as const;
  });
  const tree = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of table) if (tree.has(ppid) && !tree.has(pid)) grew = tree.add(pid).size > 0;
  }
  tree.delete(process.pid);
  const mine = table.filter(([pid]) => tree.has(pid)).toSorted((a, b) => b[2] - a[2]);
  return { total: mine.reduce((sum, row) => sum + row[2], 0), largest: mine[0]?.[2] ?? 0, kind: mine[0]?.[3] ?? "none" };
}

test("peak memory of a big remux", async ({ baseURL }) => {
  test.skip(!BIG, "set MEDIA_BIG_FILE to a big MP4 (H.264 + AAC)");
  test.setTimeout(15 * 60_000);
  const profile = mkdtempSync(join(tmpdir(), "wc-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
    ...(baseURL === undefined ? {} : { baseURL }),
  });
  try {
    await measure(await context.newPage());
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

const mib = (kib: number) => Math.round(kib / 1024);

async function measure(page: Page): Promise<void> {
  await gotoHydrated(page, "/__test/media");
  await page.waitForFunction(() => window.__mediaEngines !== undefined);
  await page.locator("#media-files").setInputFiles(BIG as string);
  const before = browserTreeRss();
  let peak = before;
  const sampler = setInterval(() => {
    const now = browserTreeRss();
    peak = { total: Math.max(peak.total, now.total), largest: Math.max(peak.largest, now.largest), kind: now.largest >= peak.largest ? now.kind : peak.kind };
  }, 250);
  const started = Date.now();
  const result = await page.evaluate(async (sinkKind) => {
    const harness = window.__mediaEngines as MediaEnginesHarness;
    const file = harness.files()[0] as File;
    const sink = sinkKind === "memory" ? ({ kind: "memory" } as const) : ({ kind: "opfs", name: "big-remux.mkv" } as const);
    const plan = {
      engine: "webcodecs" as const,
      target: "mkv" as const,
      container: "matroska",
      audio: { action: "copy" as const, codec: "aac" },
      video: { action: "copy" as const, codec: "avc" },
      trim: { startSeconds: 0, endSeconds: null },
      outputSeconds: null,
      summary: "copied",
      keepTags: false,
      keepCover: false,
    };
    const converted = await harness.webcodecs.convert({ file, plan, sink, picture: null });
    const out = { inputBytes: file.size, outputBytes: converted.bytes, isFile: converted.output instanceof File };
    if (sinkKind === "opfs") await (await navigator.storage.getDirectory()).removeEntry("big-remux.mkv");
    return out;
  }, SINK);
  clearInterval(sampler);
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `sink=${SINK} input=${mib(result.inputBytes / 1024)} MiB output=${mib(result.outputBytes / 1024)} MiB in ${seconds.toFixed(1)} s; ` +
      `browser RSS before ${mib(before.total)} MiB, peak ${mib(peak.total)} MiB (largest process ${mib(before.largest)} → ${mib(peak.largest)} MiB, a ${peak.kind} process)`,
  );
  expect(result.outputBytes).toBeGreaterThan(result.inputBytes * 0.9);
}
