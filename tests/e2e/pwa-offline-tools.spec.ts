import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findTool, TOOLS } from "#app/tools/registry.ts";
import { targetSpec } from "#codecs/media/targets.ts";
import type { CorpusCase, CorpusCategory, CorpusFormat } from "#tests/corpus/corpus-case.ts";
import { OUTPUT_EXT } from "#tests/corpus/manifest.ts";
import avifFormat from "#tests/corpus/avif/cases.ts";
import dataFormat from "#tests/corpus/data/cases.ts";
import ddsFormat from "#tests/corpus/dds/cases.ts";
import ebookFormat from "#tests/corpus/ebook/cases.ts";
import jpegFormat from "#tests/corpus/jpeg/cases.ts";
import { judgeAudio, judgeVideo } from "#tests/corpus/media/judge.ts";
import midiFormat from "#tests/corpus/midi/cases.ts";
import psdFormat from "#tests/corpus/psd/cases.ts";
import scriptsFormat from "#tests/corpus/scripts/cases.ts";
import tiffFormat from "#tests/corpus/tiff/cases.ts";
import { CAN_EPUBCHECK, CAN_INSPECT_MOBI, pandocBook } from "#tests/support/ebook-fixtures.ts";
import { mediaFixture, type FixtureName } from "#tests/support/media-fixtures.ts";
import { writeMidi, type MidiEvent } from "#tests/support/midi-writer.ts";
import * as tools from "#tests/support/reference-tools.ts";
import { TIME_CASES, UNIT_CASES } from "#tests/support/unit-cases.ts";
import { convertOnPage, mediaPage, PAGE_DRIVERS, type PageDriver } from "../../scripts/corpus/browser-pages.ts";
import { magick, magickRgba, maxAbsDiff, scratchDir, swapRedBlue } from "./support/image-fixtures.ts";
import { gotoHydrated } from "./support/page.ts";
import { controlled, waitCached } from "./support/pwa.ts";
import { expect, test, type Browser, type BrowserContext, type Page } from "./support/test.ts";

// Issue 30's acceptance in Chromium against the production build: every file tool converts offline
// once "Make available offline" has run on it, and every calculator and text tool works offline after
// one visit. Each file tool is driven the way `npm run corpus` drives its page (scripts/corpus/
// browser-pages.ts), on a file other programs wrote where the corpus has one, and its download is
// judged by that format's independent judge (Pillow, libavif, poppler, ffmpeg, fluidsynth, calibre,
// epubcheck, xmllint...). The tools of one engine family share a browser context, as one visitor's
// device: the first downloads the engines, the next ones find them stored.

const work = scratchDir("e2e-offline-tools-");
test.afterAll(() => work.remove());

type Judge = (corpusCase: CorpusCase, output: string, workDir: string) => Promise<string | null>;

interface OfflineCase {
  corpusCase: CorpusCase;
  driver: PageDriver;
  judge: Judge;
}

interface CaseMaker {
  /** the reference programs this case needs (to write its input or to judge its output), by name */
  needs: Record<string, boolean>;
  make(dir: string): OfflineCase | Promise<OfflineCase>;
}

/** A case of a corpus format (its own data for the judge included), through the category's page, judged by that format. */
function corpusFile(format: CorpusFormat, name: string, category: CorpusCategory, needs: Record<string, boolean>): CaseMaker {
  return {
    needs,
    async make(dir) {
      const casesDir = join(dir, "corpus");
      mkdirSync(casesDir, { recursive: true });
      const found = (await format.cases(casesDir)).find((c) => c.name === name && c.category === category);
      if (!found || !("converts" in found.expect)) throw new Error(`${name} is not a corpus case of ${category} that converts`);
      const driver = PAGE_DRIVERS[category];
      if (!driver) throw new Error(`no page driver for ${category}`);
      return { corpusCase: found, driver, judge: (c, output, judgeDir) => format.judge(c, output, judgeDir) };
    },
  };
}

/** A media fixture (native ffmpeg) through a media tool's first target; the sound judged, in `codec` as ffprobe names it. */
function mediaCase(slug: string, fixture: FixtureName, want: { audio: string } | { container: RegExp }): CaseMaker {
  return {
    needs: { ffmpeg: tools.HAVE_FFMPEG },
    make() {
      const target = findTool(slug)?.media?.targets[0];
      if (!target) throw new Error(`${slug} is not a media tool`);
      const spec = targetSpec(target);
      const input = mediaFixture(fixture);
      return {
        corpusCase: { category: "audio-to-mp3", name: `${fixture} → ${spec.label}`, input, outputExt: spec.extension, expect: { converts: true } },
        driver: mediaPage(`/tool/${slug}`, spec.label),
        judge: async (c, output) => ("audio" in want ? judgeAudio(c.input, output, want.audio) : judgeVideo(c.input, output, want.container)),
      };
    },
  };
}

const PNG_SIZE = { width: 48, height: 40 };
/** A PNG by ImageMagick to uncompressed DDS (the page's default): every pixel as ImageMagick reads them back. */
const pngToDds: CaseMaker = {
  needs: { ImageMagick: tools.HAVE_IMAGEMAGICK },
  make(dir) {
    const input = join(dir, "pattern.png");
    magick("-size", `${PNG_SIZE.width}x${PNG_SIZE.height}`, "-seed", "5", "plasma:fractal", "-depth", "8", `png32:${input}`);
    const jfif = PAGE_DRIVERS["jpeg-to-png"]!;
    return {
      corpusCase: { category: "jpeg-to-png", name: "pattern.png", input, outputExt: "dds", expect: { converts: true } },
      driver: { ...jfif, path: "/tool/png-to-dds-converter", uploadName: () => "pattern.png", mimeType: "image/png" },
      async judge(c, output) {
        // ImageMagick 6 reads a 32-bit DDS as BGRA whatever its masks
        const ours = swapRedBlue(magickRgba(output, PNG_SIZE.width, PNG_SIZE.height));
        const difference = maxAbsDiff(ours, magickRgba(c.input, PNG_SIZE.width, PNG_SIZE.height));
        return difference === 0 ? null : `pixels differ from the PNG's by up to ${difference}`;
      },
    };
  },
};

const TPQ = 480;
/** Four bars of a piano melody with chords, judged against fluidsynth's render of the same file. */
const midiSong: CaseMaker = {
  needs: { ffmpeg: tools.HAVE_FFMPEG, fluidsynth: tools.HAVE_FLUIDSYNTH },
  make(dir) {
    const events: MidiEvent[] = [{ tick: 0, type: "program", channel: 0, program: 0 }];
    [60, 64, 67, 72, 67, 64, 60, 55].forEach((key, i) => {
      events.push({ tick: i * TPQ, type: "note", channel: 0, key, velocity: 96, length: TPQ });
      if (i % 2 === 0) events.push({ tick: i * TPQ, type: "note", channel: 0, key: key - 12, velocity: 70, length: TPQ * 2 });
    });
    const input = join(dir, "melody.mid");
    writeFileSync(input, writeMidi({ format: 1, ticksPerQuarter: TPQ, tracks: [[{ tick: 0, type: "tempo", bpm: 120 }], events] }));
    return { corpusCase: { category: "midi-to-wav", name: "melody.mid", input, outputExt: "wav", expect: { converts: true } }, driver: PAGE_DRIVERS["midi-to-wav"]!, judge: midiFormat.judge };
  },
};

const EBOOK_NEEDS = { pandoc: tools.HAVE_PANDOC, calibre: tools.HAVE_CALIBRE, epubcheck: CAN_EPUBCHECK, "calibre-debug": CAN_INSPECT_MOBI, poppler: tools.HAVE_POPPLER };
/** pandoc's sample book (Cyrillic, pictures, a table) through an ebook page; the words judged by calibre's reading. */
function ebookCase(source: "epub3" | "fb2", category: CorpusCategory): CaseMaker {
  return {
    needs: EBOOK_NEEDS,
    make(dir) {
      const folder = join(dir, `ebook-${category}`);
      mkdirSync(folder, { recursive: true });
      // the corpus's own pandoc books (four chapters)
      const input = pandocBook(folder, source, { chapters: 4 });
      const driver = PAGE_DRIVERS[category];
      if (!driver) throw new Error(`no page driver for ${category}`);
      return { corpusCase: { category, name: `pandoc ${source}`, input, outputExt: OUTPUT_EXT[category], expect: { converts: true } }, driver, judge: ebookFormat.judge };
    },
  };
}

/** Every file tool, and what proves it converts offline. A tool added without a line here fails its test. */
const FILE_TOOL_CASES: Record<string, CaseMaker> = {
  "dds-to-png": corpusFile(ddsFormat, "hopper.dds", "dds-to-png", { Pillow: tools.HAVE_PILLOW }),
  "jfif-to-png": corpusFile(jpegFormat, "flower.jpg", "jpeg-to-png", { ImageMagick: tools.HAVE_IMAGEMAGICK, Pillow: tools.HAVE_PILLOW }),
  "jpg-to-ico": corpusFile(jpegFormat, "hopper.jpg → ICO", "jpeg-to-ico", { ImageMagick: tools.HAVE_IMAGEMAGICK, Pillow: tools.HAVE_PILLOW, icotool: tools.HAVE_ICOTOOL }),
  "avif-to-svg-converter": corpusFile(avifFormat, "paris_icc_exif_xmp.avif", "avif-to-svg", { "rsvg-convert": tools.HAVE_RSVG, libavif: tools.HAVE_LIBAVIF_TOOLS, ImageMagick: tools.HAVE_IMAGEMAGICK }),
  "png-to-dds-converter": pngToDds,
  "psb-to-pdf-converter": corpusFile(psdFormat, "ag-lantern.psd", "psd-to-pdf", { poppler: tools.HAVE_POPPLER, ImageMagick: tools.HAVE_IMAGEMAGICK, Pillow: tools.HAVE_PILLOW }),
  "tiff-to-pdf-converter": corpusFile(tiffFormat, "libtiffpic-flower-rgb-contig-24.tif", "tiff-to-pdf", {
    poppler: tools.HAVE_POPPLER,
    libtiff: tools.HAVE_LIBTIFF_TOOLS,
    "libjpeg-turbo": tools.HAVE_LIBJPEG_TOOLS,
    ImageMagick: tools.HAVE_IMAGEMAGICK,
    Pillow: tools.HAVE_PILLOW,
  }),
  "audio-converter": mediaCase("audio-converter", "flac", { audio: "mp3" }),
  "mp3-converter": mediaCase("mp3-converter", "ogg", { audio: "mp3" }),
  "wav-converter": mediaCase("wav-converter", "mp3", { audio: "pcm_s16le" }),
  "mp3-to-ogg-converter": mediaCase("mp3-to-ogg-converter", "mp3", { audio: "vorbis" }),
  "mp4-to-mp3-converter": mediaCase("mp4-to-mp3-converter", "mp4", { audio: "mp3" }),
  "mp4-to-wav-converter": mediaCase("mp4-to-wav-converter", "mp4", { audio: "pcm_s16le" }),
  "flv-to-mp3-converter": mediaCase("flv-to-mp3-converter", "flv", { audio: "mp3" }),
  "m4a-to-mp3-converter": mediaCase("m4a-to-mp3-converter", "m4a", { audio: "mp3" }),
  "midi-converter": midiSong,
  "mpeg-to-avi-converter": mediaCase("mpeg-to-avi-converter", "mpg", { container: /^avi$/ }),
  "mpg-to-avi-converter": mediaCase("mpg-to-avi-converter", "mpg", { container: /^avi$/ }),
  "video-converter": mediaCase("video-converter", "webm", { container: /mp4|mov/ }),
  // the AAC copied into an MP4 with no picture track
  "m4a-to-mp4-converter": mediaCase("m4a-to-mp4-converter", "m4a", { audio: "aac" }),
  "epub-converter": ebookCase("epub3", "epub-to-pdf"),
  "epub-to-azw3-converter": ebookCase("epub3", "epub-to-azw3"),
  "epub-to-mobi-converter": ebookCase("epub3", "epub-to-mobi"),
  "fb2-to-epub-converter": ebookCase("fb2", "fb2-to-epub"),
  // text in a dozen scripts: the fonts are engines too
  "pdf-converter": corpusFile(scriptsFormat, "mixed.txt", "txt-to-pdf", { poppler: tools.HAVE_POPPLER }),
  "xml-converter": corpusFile(dataFormat, "rss20-namespaces-cdata.xml", "feed-to-json", { xmllint: tools.HAVE_XMLLINT }),
};

const missingTools = (needs: Record<string, boolean>) => Object.keys(needs).filter((name) => !needs[name]);

/** Reloads the page with the network off: everything it gets comes from the service worker. */
async function reloadOffline(page: Page): Promise<void> {
  await page.context().setOffline(true);
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.waitForFunction(() => !document.querySelector("[data-tool-slot]:not([data-tool-ready])"));
}

/**
 * The file tools by engine family (their page module: the 12 media tools share one, the 4 ebook
 * tools another), in catalogue order within each. One device per family: its tools share the
 * engines the first one stored. (All 26 on one device, 90 MB, once had the last download refused a
 * place in the cache in CI: a test context keeps its storage in memory, with less room than a
 * browser profile on disk.)
 */
const FILE_TOOLS = TOOLS.filter((t) => t.kind === "file").toSorted((a, b) => a.page.localeCompare(b.page));

test.describe("every file tool converts offline once made available offline", () => {
  // a failed test starts a new worker, and so a new device
  let device: { family: string; context: BrowserContext; page: Page } | undefined;
  async function deviceFor(family: string, browser: Browser, baseURL: string | undefined): Promise<Page> {
    if (device?.family !== family) {
      await device?.context.close();
      const context = await browser.newContext({ baseURL, acceptDownloads: true });
      device = { family, context, page: await context.newPage() };
    }
    return device.page;
  }
  test.afterAll(() => device?.context.close());

  for (const tool of FILE_TOOLS) {
    test(tool.slug, async ({ browser }, testInfo) => {
      // a first engine download of up to 39 MB, a conversion, and a judge that may start calibre
      test.setTimeout(180_000);
      const maker = FILE_TOOL_CASES[tool.slug];
      expect(maker, `an offline case for ${tool.slug} in FILE_TOOL_CASES`).toBeDefined();
      const missing = missingTools(maker!.needs);
      test.skip(missing.length > 0, `not installed here: ${missing.join(", ")} (.ci/run installs them)`);
      const dir = join(work.dir, tool.slug);
      mkdirSync(dir, { recursive: true });
      const offlineCase = await maker!.make(dir);
      // the driver's page is this tool's (an alias address names the same tool)
      expect(findTool(offlineCase.driver.path.replace(/^\/tool\//, ""))?.slug).toBe(tool.slug);

      const page = await deviceFor(tool.page, browser, testInfo.project.use.baseURL);
      await gotoHydrated(page, `/tool/${tool.slug}`);
      await controlled(page);
      const offline = page.getByTestId("make-offline");
      await expect(offline).toHaveAttribute("data-state", /^(ready|available)$/);
      // a tool whose engines an earlier tool stored is available once its page is: no button then
      if ((await offline.getAttribute("data-state")) === "ready") await offline.getByRole("button", { name: /^Make available offline/ }).click();
      await expect(offline).toHaveAttribute("data-state", "available", { timeout: 120_000 });

      try {
        await reloadOffline(page);
        await expect(offline).toHaveAttribute("data-state", "available");
        const outcome = await convertOnPage(page, offlineCase.driver, offlineCase.corpusCase, join(dir, "output"));
        expect(outcome).toMatchObject({ kind: "converted" });
        if (outcome.kind !== "converted") return;
        expect(await offlineCase.judge(offlineCase.corpusCase, outcome.output, dir), `the judge of ${tool.slug}'s output`).toBeNull();
      } finally {
        await page.context().setOffline(false);
      }
    });
  }
});

/** What each text tool is asked offline, and what it must answer. */
const TEXT_CASES: Record<string, (page: Page) => Promise<void>> = {
  "word-counter": async (page) => {
    await page.getByLabel("Input Text").fill("Offline words still count.");
    await expect(page.getByTestId("stat-words")).toHaveText("4");
  },
  "character-counter": async (page) => {
    await page.getByLabel("Input Text").fill("a b c");
    await expect(page.getByTestId("stat-characters")).toHaveText("5");
  },
  "text-reverser": async (page) => {
    await page.getByLabel("Input Text").fill("abc déf");
    await page.getByRole("button", { name: "Reverse Text" }).click();
    await expect(page.getByLabel("Output Text")).toHaveValue("féd cba");
  },
};

/** The check of a calculator, a time-zone tool or a text tool, from the cases the online specs use. */
function checkOf(slug: string): ((page: Page) => Promise<void>) | undefined {
  const unit = UNIT_CASES.find(([s]) => s === slug);
  if (unit) {
    return async (page) => {
      await page.locator("main input").nth(0).fill(unit[1]);
      await expect(page.locator("main input").nth(1)).toHaveValue(unit[2]);
    };
  }
  const time = TIME_CASES.find(([s]) => s === slug);
  if (time) {
    return async (page) => {
      await page.getByLabel(/HH:MM/).fill(time[1]);
      await page.getByRole("button", { name: "Convert" }).click();
      await expect(page.getByTestId("conversion-result")).toContainText(time[2]);
    };
  }
  return TEXT_CASES[slug];
}

test("every calculator, time-zone and text tool works offline after one visit", async ({ page, context }) => {
  test.setTimeout(120_000);
  const slugs = TOOLS.filter((t) => t.kind !== "file").map((t) => t.slug);
  expect(slugs.filter((slug) => !checkOf(slug)), "tools without an offline check").toEqual([]);
  for (const slug of slugs) {
    await gotoHydrated(page, `/tool/${slug}`);
    await controlled(page);
    await waitCached(page, `/tool/${slug}`);
  }
  await context.setOffline(true);
  try {
    for (const slug of slugs) {
      await gotoHydrated(page, `/tool/${slug}`);
      await expect(page).toHaveURL(new RegExp(`/tool/${slug}$`));
      await checkOf(slug)!(page);
    }
  } finally {
    await context.setOffline(false);
  }
});
