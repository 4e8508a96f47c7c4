// The tool pages the corpus drives in Chromium, one small driver per page kind: which page, what
// name the file is uploaded under, the page's button and texts, and how the CLI's options of a case
// are set on the page. Learned from tests/e2e/{image-tools,pdf-images,avif-svg}.spec.ts and the tool
// components under app/tools/. convertOnPage drives one case on its loaded page.
import { readFileSync } from "node:fs";
import { basename, extname } from "node:path";
import type { Page } from "@playwright/test";
import type { CorpusCase, CorpusCategory } from "#tests/corpus/corpus-case.ts";
import { isProgrammerError, type RunOutcome } from "./outcome.ts";

export interface PageDriver {
  path: string;
  /** the file's name on upload: the page checks the extension, not the content */
  uploadName(corpusCase: CorpusCase): string;
  /** the type the browser gives the file: fixed, or by the case's extension */
  mimeType: string | ((corpusCase: CorpusCase) => string);
  convertLabel: string;
  downloadLabel: string;
  /** the frame's failure title, "Conversion Failed: <message>" */
  failureTitle: string;
  /** the generic text the frame shows when the error was not a CodecFailure (a bug) */
  genericFailure: string;
  /**
   * After the file is chosen: waits for the page's own reading of it and sets the options the
   * case's cliArgs ask for. Returns the page's refusal when it refuses before Convert (else null).
   */
  prepare(page: Page, corpusCase: CorpusCase): Promise<string | null>;
}

/** A CLI option the page cannot be set to: the case cannot be driven there. */
export class NotDrivable extends Error {}

const stem = (corpusCase: CorpusCase) => basename(corpusCase.input, extname(corpusCase.input)) || "file";
/** The input's own extension when the page takes it, else the page's first one. */
const named = (extensions: readonly string[]) => (corpusCase: CorpusCase) => {
  const own = extname(corpusCase.input).slice(1).toLowerCase();
  return `${stem(corpusCase)}.${extensions.includes(own) ? own : extensions[0]}`;
};

/** The CLI arguments as option → value ("--all" → ""); an option the driver does not know is an error. */
export function optionsOf(cliArgs: readonly string[] = [], known: readonly string[], flags: readonly string[] = []): Map<string, string> {
  const options = new Map<string, string>();
  for (let i = 0; i < cliArgs.length; i++) {
    const arg = cliArgs[i]!;
    if (flags.includes(arg)) options.set(arg, "");
    else if (known.includes(arg) && i + 1 < cliArgs.length) options.set(arg, cliArgs[++i]!);
    else throw new NotDrivable(`the page has no control for the CLI argument ${arg}`);
  }
  return options;
}

/** Waits until the function returns something other than null in the page; its value. */
async function settle<T>(page: Page, check: () => T | null): Promise<T> {
  const handle = await page.waitForFunction(check);
  return (await handle.jsonValue()) as T;
}

/** JFIF and ICO pages show the chosen image first; an image Chromium cannot load, and that is no JPEG, keeps Convert off. */
async function imageLoaded(page: Page): Promise<string | null> {
  const state = await settle(page, () => {
    const preview = document.querySelector('[data-testid="input-preview"]');
    if (!preview) return null;
    const alert = preview.querySelector('[role="alert"]');
    if (alert) return `refused:${alert.textContent ?? ""}`;
    // "Original: w × h px", or the note that a JPEG the browser cannot show converts all the same
    return /Original:/.test(preview.textContent ?? "") || preview.querySelector('[data-testid="no-preview"]') ? "loaded" : null;
  });
  return state.startsWith("refused:") ? state.slice("refused:".length).trim() : null;
}

const FRAME_FAILURE = "There was an error converting your file. Please try again.";

const dds: PageDriver = {
  path: "/tool/dds-to-png",
  uploadName: named(["dds"]),
  mimeType: "application/octet-stream",
  convertLabel: "Convert",
  downloadLabel: "Download",
  failureTitle: "Conversion Failed",
  genericFailure: FRAME_FAILURE,
  async prepare(page, corpusCase) {
    const options = optionsOf(corpusCase.cliArgs, ["--level", "--face", "--slice", "--exposure", "--tonemap"], ["--all"]);
    // the page reads the layout first: its info panel, or why it cannot (on the file's line, and
    // Convert stays off; an unexplained read error in the options, and Convert still runs and says why)
    const probed = await settle(page, () =>
      document.querySelector('[data-testid="dds-info"]') ? "info" : document.querySelector('[data-testid="file-refusal"], [data-testid="dds-probe-error"]') ? "error" : null,
    );
    if (probed === "error") return null;
    const level = options.get("--level");
    if (level !== undefined) await page.getByRole("combobox", { name: "Mip level" }).selectOption(level);
    const face = options.get("--face");
    if (face !== undefined) await page.getByRole("combobox", { name: "Cube face" }).selectOption(/^\d+$/.test(face) ? face : { label: face });
    const slice = options.get("--slice");
    if (slice !== undefined) await page.getByRole("combobox", { name: /Array element|Depth slice/ }).selectOption(slice);
    const exposure = options.get("--exposure");
    if (exposure !== undefined) await page.getByLabel("Exposure (stops)", { exact: true }).fill(exposure);
    const tonemap = options.get("--tonemap");
    if (tonemap !== undefined) await page.getByRole("combobox", { name: "Tone mapping" }).selectOption(tonemap);
    if (options.has("--all")) {
      const all = page.getByRole("radio", { name: /^All .* images/ });
      // one image only: the page offers no ZIP and its download is that PNG
      if ((await all.count()) > 0) {
        if (await all.isDisabled()) return (await all.locator("xpath=ancestor::label[1]").textContent()) ?? "All images (ZIP) is not offered";
        await all.check();
      }
    }
    return null;
  },
};

const pdfPage = (path: string, extensions: readonly string[]): PageDriver => ({
  path,
  uploadName: named(extensions),
  mimeType: "application/octet-stream",
  convertLabel: "Convert to PDF",
  downloadLabel: "Download PDF",
  failureTitle: "Conversion failed",
  genericFailure: "Unable to convert file. Please try again.",
  async prepare(_page, corpusCase) {
    optionsOf(corpusCase.cliArgs, []);
    return null;
  },
});

const jfif: PageDriver = {
  path: "/tool/jfif-to-png",
  uploadName: named(["jpg", "jpeg", "jfif"]),
  mimeType: "image/jpeg",
  convertLabel: "Convert",
  downloadLabel: "Download",
  failureTitle: "Conversion Failed",
  genericFailure: FRAME_FAILURE,
  async prepare(page, corpusCase) {
    optionsOf(corpusCase.cliArgs, []);
    return imageLoaded(page);
  },
};

const ico: PageDriver = {
  path: "/tool/jpg-to-ico-converter",
  uploadName: named(["jpg", "jpeg", "png"]),
  mimeType: "image/jpeg",
  convertLabel: "Convert",
  downloadLabel: "Download",
  failureTitle: "Conversion Failed",
  genericFailure: FRAME_FAILURE,
  async prepare(page, corpusCase) {
    const sizes = optionsOf(corpusCase.cliArgs, ["--sizes"]).get("--sizes");
    const refused = await imageLoaded(page);
    if (refused !== null || sizes === undefined) return refused;
    const wanted = sizes.split(",").map((s) => s.trim());
    const boxes = page.getByTestId("ico-sizes").getByRole("checkbox");
    for (const box of await boxes.all()) {
      const label = ((await box.locator("xpath=ancestor::label[1]").textContent()) ?? "").trim();
      await box.setChecked(wanted.includes(label));
    }
    return null;
  },
};

const avif: PageDriver = {
  path: "/tool/avif-to-svg-converter",
  uploadName: named(["avif"]),
  mimeType: "image/avif",
  convertLabel: "Convert",
  downloadLabel: "Download",
  failureTitle: "Conversion failed",
  genericFailure: "Unable to convert AVIF file. Please try a different file.",
  async prepare(_page, corpusCase) {
    // Embed, the page's default: the SVG holds the decoded pixels
    optionsOf(corpusCase.cliArgs, []);
    return null;
  },
};

/**
 * The document, data, MIDI and ebook pages (issue 25): they read the file first (a ProbeStatus under
 * `infoTestId`: its facts, or an alert that says why it cannot), then an "Output format" select
 * whose label names the Convert button ("Convert to PDF").
 */
async function fileRead(page: Page, infoTestId: string): Promise<string | null> {
  const handle = await page.waitForFunction((testId: string) => {
    // a file read and found unconvertible is refused on its own line (issue 31), the panel gone
    const refusal = document.querySelector('[data-testid="file-refusal"]');
    if (refusal) return `refused:${refusal.textContent ?? ""}`;
    const info = document.querySelector(`[data-testid="${testId}"]`);
    if (!info || /Reading the file|Loading/.test(info.textContent ?? "")) return null;
    return info.getAttribute("role") === "alert" ? `refused:${info.textContent ?? ""}` : "read";
  }, infoTestId);
  const state = (await handle.jsonValue()) as string;
  return state.startsWith("refused:") ? state.slice("refused:".length).trim() : null;
}

const probedPage = (spec: {
  path: string;
  extensions: readonly string[];
  infoTestId: string;
  /** the Output format select's option label, and the Convert button's "Convert to …" name */
  targetLabel: string;
  buttonLabel?: string;
  /** the select's test id, when it has one; else it is found by its label */
  targetTestId?: string;
  /** CLI options the page has controls for (else the case is not drivable) */
  known?: readonly string[];
}): PageDriver => ({
  path: spec.path,
  uploadName: named(spec.extensions),
  mimeType: "application/octet-stream",
  convertLabel: `Convert to ${spec.buttonLabel ?? spec.targetLabel}`,
  downloadLabel: "Download",
  failureTitle: "Conversion failed",
  genericFailure: "Unable to convert file",
  async prepare(page, corpusCase) {
    const options = optionsOf(corpusCase.cliArgs, spec.known ?? []);
    const refused = await fileRead(page, spec.infoTestId);
    const password = options.get("--password");
    // an encrypted file: the page says it needs a password and shows the field for it
    if (refused !== null && password === undefined) return refused;
    const select = spec.targetTestId ? page.getByTestId(spec.targetTestId) : page.getByLabel("Output format", { exact: true });
    // a one-output page (EPUB to AZW3...) has no select
    if ((await select.count()) > 0) await select.selectOption({ label: spec.targetLabel });
    const pages = options.get("--pages");
    if (pages !== undefined) await page.getByLabel("Pages", { exact: true }).fill(pages);
    if (password !== undefined) await page.getByLabel(/password/i).fill(password);
    return null;
  },
});

const documentPage = (extensions: readonly string[], targetLabel: string, buttonLabel?: string) =>
  probedPage({ path: "/tool/pdf-converter", extensions, infoTestId: "document-info", targetTestId: "document-target", targetLabel, buttonLabel, known: ["--pages", "--password"] });
const dataPage = (extensions: readonly string[], targetLabel: string) =>
  probedPage({ path: "/tool/xml-converter", extensions, infoTestId: "data-info", targetTestId: "data-target", targetLabel });
export const ebookPage = (path: string, extensions: readonly string[], targetLabel: string) =>
  probedPage({ path, extensions, infoTestId: "ebook-info", targetTestId: "ebook-target", targetLabel });

/**
 * The types Chromium on Linux gives these extensions (its own table, then /etc/mime.types); an
 * extension it does not know arrives with no type, and the page goes by the name alone.
 */
const MEDIA_MIME: Record<string, string> = {
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
  flac: "audio/flac",
  m4a: "audio/x-m4a",
  m4b: "audio/mp4",
  aac: "audio/aac",
  wma: "audio/x-ms-wma",
  aif: "audio/x-aiff",
  aiff: "audio/x-aiff",
  aifc: "audio/x-aiff",
  amr: "audio/amr",
  ac3: "audio/ac3",
  mka: "audio/x-matroska",
  au: "audio/basic",
  webm: "video/webm",
  mp4: "video/mp4",
  m4v: "video/mp4",
  mov: "video/quicktime",
  mkv: "video/x-matroska",
  avi: "video/x-msvideo",
  flv: "video/x-flv",
  mpg: "video/mpeg",
  mpeg: "video/mpeg",
  ts: "video/mp2t",
  "3gp": "video/3gpp",
  "3g2": "video/3gpp2",
  ogv: "video/ogg",
  wmv: "video/x-ms-wmv",
  gif: "image/gif",
};

/**
 * The audio and video pages (issue 26): the file keeps its own name and the type the browser would
 * give it; the page reads it first (the "media-info" panel, or an alert saying why it cannot), and
 * the converter's format select is set to the category's target where the page has one.
 */
export const mediaPage = (path: string, targetLabel: string): PageDriver => ({
  path,
  uploadName: (corpusCase) => basename(corpusCase.input),
  mimeType: (corpusCase) => MEDIA_MIME[extname(corpusCase.input).slice(1).toLowerCase()] ?? "",
  convertLabel: `Convert to ${targetLabel}`,
  downloadLabel: "Download",
  failureTitle: "Conversion failed",
  genericFailure: "Unable to convert file",
  async prepare(page, corpusCase) {
    optionsOf(corpusCase.cliArgs, []);
    const refused = await fileRead(page, "media-info");
    if (refused !== null) return refused;
    const select = page.getByLabel("Output format", { exact: true });
    if ((await select.count()) > 0) await select.selectOption({ label: targetLabel });
    return null;
  },
});

/** The pages the corpus can drive; a category without a driver runs through the CLI only (the runner says so). */
export const PAGE_DRIVERS: Partial<Record<CorpusCategory, PageDriver>> = {
  "dds-to-png": dds,
  "dds-to-png-all": dds,
  "tiff-to-pdf": pdfPage("/tool/tiff-to-pdf-converter", ["tif", "tiff"]),
  // the PSB page: a PSD is uploaded as a copy named .psb (the codec reads both layouts)
  "psd-to-pdf": pdfPage("/tool/psb-to-pdf-converter", ["psb"]),
  "jpeg-to-png": jfif,
  "jpeg-to-ico": ico,
  "avif-to-svg": avif,
  "pdf-to-png": documentPage(["pdf"], "PNG images"),
  "pdf-to-txt": documentPage(["pdf"], "Plain text (TXT)"),
  "doc-to-pdf": documentPage(["doc"], "PDF"),
  "doc-to-txt": documentPage(["doc"], "Plain text (TXT)"),
  "docx-to-pdf": documentPage(["docx"], "PDF"),
  "docx-to-txt": documentPage(["docx"], "Plain text (TXT)"),
  "txt-to-pdf": documentPage(["txt"], "PDF"),
  "midi-to-wav": probedPage({ path: "/tool/midi-converter", extensions: ["mid", "midi", "kar", "rmi"], infoTestId: "midi-info", targetLabel: "WAV" }),
  "xml-to-json": dataPage(["xml"], "JSON"),
  "feed-to-json": dataPage(["xml"], "JSON"),
  "csv-to-json": dataPage(["csv"], "JSON"),
  "json-to-csv": dataPage(["json"], "CSV"),
  "json-to-xml": dataPage(["json"], "XML"),
  "epub-to-azw3": ebookPage("/tool/epub-to-azw3-converter", ["epub"], "AZW3"),
  "epub-to-mobi": ebookPage("/tool/epub-to-mobi-converter", ["epub"], "MOBI"),
  "epub-to-pdf": ebookPage("/tool/epub-converter", ["epub"], "PDF"),
  "fb2-to-epub": ebookPage("/tool/fb2-to-epub-converter", ["fb2", "zip"], "EPUB"),
  "mobi-to-epub": ebookPage("/tool/epub-converter", ["mobi", "azw", "azw3", "prc"], "EPUB"),
  "audio-to-mp3": mediaPage("/tool/audio-converter", "MP3"),
  "video-to-mp4": mediaPage("/tool/video-converter", "MP4"),
  "m4a-to-mp3": mediaPage("/tool/m4a-to-mp3-converter", "MP3"),
  "flv-to-mp3": mediaPage("/tool/flv-to-mp3-converter", "MP3"),
  "mpg-to-avi": mediaPage("/tool/mpg-to-avi-converter", "AVI"),
};

/** What the page shows once a conversion has ended (or the file was refused before it). */
type Settled = { state: "done" } | { state: "refused" | "failed"; text: string };

/** Runs in the page (Playwright sends its source): self-contained. */
function pageState(): Settled | null {
  if (document.querySelector('[data-testid="conversion-result"]')) return { state: "done" };
  const refusal = document.querySelector('[data-testid="file-refusal"]');
  if (refusal) return { state: "refused", text: refusal.textContent ?? "" };
  const status = document.querySelector('[data-testid="conversion-status"]')?.textContent?.trim();
  return status ? { state: "failed", text: status } : null;
}

/**
 * On the driver's page, already loaded: chooses the case's file, sets its options, converts, and
 * saves the download as `outputStem` plus its extension. What became of it, as the corpus counts it
 * (also how tests/e2e/pwa-offline-tools.spec.ts uses every tool offline).
 */
export async function convertOnPage(page: Page, driver: PageDriver, corpusCase: CorpusCase, outputStem: string, consoleErrors: readonly string[] = []): Promise<RunOutcome> {
  const input = page.locator('[data-testid="file-drop-zone"] input[type="file"]');
  const mimeType = typeof driver.mimeType === "string" ? driver.mimeType : driver.mimeType(corpusCase);
  await input.setInputFiles({ name: driver.uploadName(corpusCase), mimeType, buffer: readFileSync(corpusCase.input) });
  // (waitForFunction waits while the value is falsy: every answer is a non-empty string)
  const chosen = await (await page.waitForFunction(() => {
    const refusal = document.querySelector('[data-testid="file-refusal"]');
    if (refusal) return `refused:${refusal.textContent ?? ""}`;
    return document.querySelector('[data-testid="selected-file"]') ? "chosen" : null;
  })).jsonValue();
  if (chosen?.startsWith("refused:")) return { kind: "refused", message: chosen.slice("refused:".length).trim() };
  const refused = await driver.prepare(page, corpusCase);
  if (refused !== null) return { kind: "refused", message: refused };

  const convert = page.getByRole("button", { name: driver.convertLabel, exact: true });
  if (await convert.isDisabled()) {
    const alerts = (await page.getByRole("alert").allTextContents()).map((t) => t.trim()).filter(Boolean);
    return { kind: "refused", message: alerts.join(" ") || "Convert stays disabled, with no reason shown" };
  }
  await convert.click();
  const settled = (await (await page.waitForFunction(pageState)).jsonValue()) as Settled;
  if (settled.state === "refused") return { kind: "refused", message: settled.text.trim() };
  if (settled.state === "failed") {
    const message = settled.text.replace(new RegExp(`^${driver.failureTitle}:\\s*`), "").trim();
    if (message === driver.genericFailure) {
      return { kind: "crash", detail: `the page fell back to its generic failure text (not a CodecFailure)${consoleErrors[0] ? `: ${consoleErrors[0]}` : ""}` };
    }
    return isProgrammerError(message) ? { kind: "crash", detail: `a programmer's error as the message: ${message}` } : { kind: "refused", message };
  }
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: driver.downloadLabel, exact: true }).click();
  const download = await downloading;
  const output = `${outputStem}${extname(download.suggestedFilename()) || `.${corpusCase.outputExt}`}`;
  await download.saveAs(output);
  return { kind: "converted", output };
}
