// The ebook corpus (issue 25): EPUB → AZW3 / MOBI / PDF, FB2 → EPUB and MOBI → EPUB on books that
// other programs write, generated at run time: pandoc (EPUB 2 and 3, FB2, from one Markdown book
// with pictures, a footnote, a table, Cyrillic and Greek), calibre's ebook-convert (EPUB from HTML,
// TXT, DOCX and a CBZ comic; MOBI old/both/new, AZW3, FB2, PalmDOC .pdb; output profiles), and books
// written by hand as FictionBook Editor and fixed-layout/interactive EPUB makers shape them
// (tests/support/handmade-ebooks.ts). Judged by tools that are not ours: epubcheck (our EPUBs must
// have no error), calibre's text of our output against calibre's text of the source (words in
// order), calibre-debug --inspect-mobi for the pictures of our Kindle files, pdftotext and pdfimages
// for our PDFs.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CorpusCase, CorpusCategory, CorpusFormat } from "../corpus-case.ts";
import { casesFromManifest } from "../manifest.ts";
import { calibreConvert, calibreText, epubcheck, inspectMobi, pandocBook, words, wordsInOrder, writeSampleSources } from "#tests/support/ebook-fixtures.ts";
import { FB2_WORDS, fictionBookEditorFb2, fixedLayoutEpub, INTERACTIVE_WORDS, interactiveEpub, zippedFb2, type FixedLayoutKind, type PagePicture } from "#tests/support/handmade-ebooks.ts";
import { reportHtml, rampPng } from "#tests/support/office-fixtures.ts";
import { IMAGEMAGICK, PANDOC, PDFTOTEXT } from "#tests/support/reference-tools.ts";

const FOLDER = import.meta.dirname;
/** Words of the source's text that must come out, in order (calibre's own conversions keep 98–100 %). */
const MIN_WORDS = 0.95;

interface Generated {
  name: string;
  /** the input's file name in the work folder */
  file: string;
  categories: CorpusCategory[];
  make: (out: string, work: string) => void;
  /** pictures the output must show (one page per picture for picture books) */
  pictures?: number;
  /** the reference words, when calibre's reading of the source is not the reference */
  words?: string;
  expect?: { refused: RegExp };
}

const EPUB_OUT: CorpusCategory[] = ["epub-to-azw3", "epub-to-mobi", "epub-to-pdf"];
const KINDLE_OUT: CorpusCategory[] = ["epub-to-azw3", "epub-to-mobi"];

function run(command: string, args: string[], cwd?: string): void {
  execFileSync(command, args, { stdio: ["ignore", "ignore", "pipe"], timeout: 300_000, cwd });
}

/** A page picture of `width` × `height`, a JPEG by ImageMagick. */
function jpegPage(work: string, n: number, width: number, height: number): PagePicture {
  const file = join(work, `page-${n}-${width}x${height}.jpg`);
  if (!existsSync(file)) run(IMAGEMAGICK, ["-size", `${width}x${height}`, `gradient:${["navy-gold", "darkgreen-white", "maroon-skyblue", "black-orange"][n % 4]}`, "-quality", "85", file]);
  return { data: new Uint8Array(readFileSync(file)), mediaType: "image/jpeg", width, height };
}

const pages = (work: string, count: number, width = 600, height = 800) => Array.from({ length: count }, (_, i) => jpegPage(work, i + 1, width, height));

/** The Markdown book with MathML formulas, a code block and more scripts, for pandoc's --mathml EPUB. */
function mathMarkdown(work: string): string {
  const file = join(work, "math.md");
  writeFileSync(
    file,
    `# Formulas\n\nThe area of a circle is $A = \\pi r^2$ and the sum is $$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$\n\nSome code:\n\n\`\`\`\nprint("hello")\n\`\`\`\n\n# Ελληνικά\n\nΚαλημέρα κόσμε, ένα μικρό κείμενο.\n\n# Русский\n\nМаленький текст о реке и лесе.\n`,
  );
  return file;
}

function comicCbz(work: string, out: string): void {
  const files = pages(work, 3, 400, 600).map((page, i) => {
    const name = join(work, `comic-${i + 1}.jpg`);
    writeFileSync(name, page.data);
    return name;
  });
  run("/usr/bin/python3", ["-c", `import zipfile,sys\nz=zipfile.ZipFile(sys.argv[1],"w")\nfor f in sys.argv[2:]: z.write(f, f.split("/")[-1])\nz.close()`, out, ...files]);
}

const calibreFrom = (source: () => string, extra: string[] = []) => (out: string) => void calibreConvert(source(), out, extra);
const fb2Pictures = () => ({ cover: rampPng(200, 300), picture: rampPng(60, 40) });

function generated(work: string): Generated[] {
  const sources = () => writeSampleSources(work, 4);
  const pandoc = (format: "epub2" | "epub3" | "fb2") => (out: string) => {
    const made = pandocBook(work, format, { chapters: 4, name: `pandoc-made.${format === "fb2" ? "fb2" : "epub"}` });
    writeFileSync(out, readFileSync(made));
  };
  const pandocEpub = () => {
    const out = join(work, "source-pandoc.epub");
    if (!existsSync(out)) pandoc("epub3")(out);
    return out;
  };
  const html = () => {
    const out = join(work, "report.html");
    if (!existsSync(out)) {
      writeFileSync(join(work, "picture.png"), rampPng());
      writeFileSync(out, reportHtml({ paragraphs: 12 }));
    }
    return out;
  };
  const txt = () => {
    const out = join(work, "story.txt");
    if (!existsSync(out)) writeFileSync(out, execFileSync(PANDOC, [sources().markdown, "-t", "plain"], { cwd: work }));
    return out;
  };
  const docx = () => {
    const out = join(work, "book.docx");
    if (!existsSync(out)) run(PANDOC, [sources().markdown, "-o", out], work);
    return out;
  };
  const fixed = (kind: FixedLayoutKind, count: number, options: { direction?: "rtl" } = {}) => (out: string) => writeFileSync(out, fixedLayoutEpub(kind, pages(work, count), options));
  return [
    // EPUB from pandoc and calibre
    { name: "pandoc EPUB 3", file: "pandoc-3.epub", categories: EPUB_OUT, make: pandoc("epub3") },
    { name: "pandoc EPUB 2", file: "pandoc-2.epub", categories: EPUB_OUT, make: pandoc("epub2") },
    { name: "pandoc EPUB 3 with MathML", file: "pandoc-mathml.epub", categories: EPUB_OUT, make: (out) => run(PANDOC, [mathMarkdown(work), "--mathml", "-o", out, "--metadata", "title=Formulas"], work) },
    { name: "calibre EPUB from HTML", file: "calibre-html.epub", categories: EPUB_OUT, make: calibreFrom(html) },
    { name: "calibre EPUB from TXT", file: "calibre-txt.epub", categories: EPUB_OUT, make: calibreFrom(txt) },
    { name: "calibre EPUB from DOCX", file: "calibre-docx.epub", categories: EPUB_OUT, make: calibreFrom(docx) },
    { name: "calibre EPUB 3 (kobo profile)", file: "calibre-epub3.epub", categories: KINDLE_OUT, make: calibreFrom(pandocEpub, ["--epub-version", "3", "--output-profile", "kobo"]) },
    { name: "calibre EPUB (tablet profile, flattened toc)", file: "calibre-tablet.epub", categories: KINDLE_OUT, make: calibreFrom(pandocEpub, ["--output-profile", "tablet", "--epub-flatten", "--no-default-epub-cover"]) },
    // picture books, comics and manga
    { name: "calibre EPUB from a CBZ comic", file: "calibre-comic.epub", categories: EPUB_OUT, pictures: 3, make: (out) => {
      const cbz = join(work, "comic.cbz");
      if (!existsSync(cbz)) comicCbz(work, cbz);
      calibreConvert(cbz, out);
    } },
    { name: "fixed layout, XHTML pages with <img>", file: "fxl-xhtml-img.epub", categories: EPUB_OUT, pictures: 4, make: fixed("xhtml-img", 4) },
    { name: "fixed layout, XHTML pages with <svg><image>", file: "fxl-xhtml-svg.epub", categories: EPUB_OUT, pictures: 4, make: fixed("xhtml-svg", 4) },
    // calibre cannot read pictures in the spine (its text conversion fails): no words to compare, the pictures are judged
    { name: "fixed layout, JPEG pictures in the spine", file: "fxl-image-spine.epub", categories: EPUB_OUT, pictures: 4, words: "", make: fixed("image-spine", 4) },
    { name: "fixed layout, SVG documents in the spine", file: "fxl-svg-spine.epub", categories: EPUB_OUT, pictures: 3, words: "Balloon words of page 1 Balloon words of page 2 Balloon words of page 3", make: fixed("svg-spine", 3) },
    { name: "manga, right to left, JPEG spine", file: "manga-rtl.epub", categories: KINDLE_OUT, pictures: 5, words: "", make: fixed("image-spine", 5, { direction: "rtl" }) },
    // scripted and interactive content
    { name: "scripts, forms, canvas, epub:switch, audio, video", file: "interactive.epub", categories: EPUB_OUT, words: INTERACTIVE_WORDS, make: (out) => writeFileSync(out, interactiveEpub()) },
    // FB2 from real writers
    { name: "pandoc FB2", file: "pandoc.fb2", categories: ["fb2-to-epub"], make: pandoc("fb2") },
    { name: "calibre FB2 from EPUB", file: "calibre.fb2", categories: ["fb2-to-epub"], make: calibreFrom(pandocEpub) },
    { name: "calibre FB2 from HTML (sectionized by toc)", file: "calibre-html.fb2", categories: ["fb2-to-epub"], make: calibreFrom(html, ["--sectionize", "toc"]) },
    { name: "FictionBook Editor style, UTF-8", file: "fbe-utf8.fb2", categories: ["fb2-to-epub"], words: FB2_WORDS, make: (out) => writeFileSync(out, fictionBookEditorFb2(fb2Pictures())) },
    { name: "FictionBook Editor style, windows-1251", file: "fbe-1251.fb2", categories: ["fb2-to-epub"], words: FB2_WORDS, make: (out) => writeFileSync(out, fictionBookEditorFb2({ ...fb2Pictures(), encoding: "windows-1251" })) },
    { name: "FictionBook Editor style, .fb2.zip", file: "fbe-zipped.fb2.zip", categories: ["fb2-to-epub"], words: FB2_WORDS, make: (out) => writeFileSync(out, zippedFb2("book.fb2", fictionBookEditorFb2({ ...fb2Pictures(), encoding: "windows-1251" }))) },
    // MOBI and AZW3 from calibre, PalmDOC
    { name: "calibre MOBI (joint MOBI 6 + KF8)", file: "calibre-both.mobi", categories: ["mobi-to-epub"], make: calibreFrom(pandocEpub, ["--mobi-file-type", "both"]) },
    { name: "calibre MOBI 6 (old)", file: "calibre-old.mobi", categories: ["mobi-to-epub"], make: calibreFrom(pandocEpub, ["--mobi-file-type", "old"]) },
    { name: "calibre MOBI KF8 only (new)", file: "calibre-new.mobi", categories: ["mobi-to-epub"], make: calibreFrom(pandocEpub, ["--mobi-file-type", "new"]) },
    { name: "calibre MOBI 6 from HTML, kindle profile, toc at start", file: "calibre-html-old.mobi", categories: ["mobi-to-epub"], make: calibreFrom(html, ["--mobi-file-type", "old", "--output-profile", "kindle", "--mobi-toc-at-start"]) },
    // calibre's reading of its own MOBI adds its generated contents pages, which our reader leaves out (025): the FB2's words are the reference
    { name: "calibre MOBI from FB2", file: "calibre-from-fb2.mobi", categories: ["mobi-to-epub"], words: FB2_WORDS, make: (out) => {
      const fb2 = join(work, "fbe-for-mobi.fb2");
      writeFileSync(fb2, fictionBookEditorFb2(fb2Pictures()));
      calibreConvert(fb2, out);
    } },
    { name: "calibre AZW3", file: "calibre.azw3", categories: ["mobi-to-epub"], make: calibreFrom(pandocEpub) },
    // its only words are calibre's own contents page ("Page 1"...), which every writer makes anew (025): the pictures are judged
    { name: "calibre comic MOBI", file: "calibre-comic.mobi", categories: ["mobi-to-epub"], pictures: 3, words: "", make: (out) => {
      const cbz = join(work, "comic.cbz");
      if (!existsSync(cbz)) comicCbz(work, cbz);
      calibreConvert(cbz, out, ["--mobi-file-type", "old"]);
    } },
    { name: "calibre PalmDOC (TEXtREAd) .pdb", file: "calibre-palmdoc.pdb", categories: ["mobi-to-epub"], make: calibreFrom(txt, ["--format", "doc"]) },
    { name: "calibre PalmDOC (TEXtREAd) named .mobi", file: "calibre-palmdoc.mobi", categories: ["mobi-to-epub"], make: (out) => writeFileSync(out, readFileSync(calibreConvert(txt(), join(work, "palmdoc-copy.pdb"), ["--format", "doc"]))) },
    { name: "calibre eReader .pdb", file: "calibre-ereader.pdb", categories: ["mobi-to-epub"], expect: { refused: /eReader/i }, make: calibreFrom(txt, ["--format", "ereader"]) },
    { name: "MOBI with DRM (the encryption field set)", file: "drm.mobi", categories: ["mobi-to-epub"], expect: { refused: /DRM/ }, make: (out) => {
      const mobi = new Uint8Array(readFileSync(calibreConvert(pandocEpub(), join(work, "for-drm.mobi"), ["--mobi-file-type", "old"])));
      const record0 = new DataView(mobi.buffer).getUint32(78);
      mobi[record0 + 13] = 2;
      writeFileSync(out, mobi);
    } },
  ];
}

const OUTPUT: Record<string, string> = { "epub-to-azw3": "azw3", "epub-to-mobi": "mobi", "epub-to-pdf": "pdf", "fb2-to-epub": "epub", "mobi-to-epub": "epub" };

async function cases(workDir: string): Promise<CorpusCase[]> {
  mkdirSync(workDir, { recursive: true });
  const listed = existsSync(join(FOLDER, "manifest.json")) ? casesFromManifest(FOLDER) : [];
  const out: CorpusCase[] = [...listed];
  const inputs = join(workDir, "inputs");
  mkdirSync(inputs, { recursive: true });
  for (const item of generated(workDir)) {
    const input = join(inputs, item.file);
    if (!existsSync(input)) {
      try {
        item.make(input, workDir);
      } catch (error) {
        throw new Error(`making ${item.file}: ${error instanceof Error ? error.message.slice(0, 500) : String(error)}`, { cause: error });
      }
    }
    for (const category of item.categories) {
      out.push({
        category,
        name: `${item.name} (${item.file})`,
        input,
        outputExt: OUTPUT[category]!,
        expect: item.expect ? { refused: true, reason: item.expect.refused } : { converts: true },
        data: { pictures: item.pictures ?? 0, ...(item.words === undefined ? {} : { words: item.words }) },
      });
    }
  }
  return out;
}

// ---- the judge ----

const referenceWords = new Map<string, string[]>();

/** The words the output must keep: the case's own list, else calibre's reading of the source. */
function sourceWords(corpusCase: CorpusCase): string[] {
  const listed = corpusCase.data?.words;
  if (typeof listed === "string") return words(listed);
  let known = referenceWords.get(corpusCase.input);
  if (known === undefined) {
    known = words(calibreText(corpusCase.input));
    referenceWords.set(corpusCase.input, known);
  }
  return known;
}

function compareWords(corpusCase: CorpusCase, text: string): string | null {
  const reference = sourceWords(corpusCase);
  const share = wordsInOrder(reference, words(text));
  return share >= MIN_WORDS ? null : `only ${Math.round(share * 100)} % of the source's ${reference.length} words in order (want ${MIN_WORDS * 100} %)`;
}

/** Pictures in our EPUB (its manifest's image items that the zip holds). */
function epubPictures(file: string): number {
  const listing = spawnSync("/usr/bin/unzip", ["-Z1", file], { encoding: "utf8" }).stdout;
  return listing.split("\n").filter((name) => /\.(jpe?g|png|gif|webp|svg)$/i.test(name)).length;
}

async function judge(corpusCase: CorpusCase, output: string, workDir: string): Promise<string | null> {
  const pictures = Number(corpusCase.data?.pictures ?? 0);
  const scratch = join(workDir, "judge", corpusCase.category, corpusCase.name.replace(/[^\w.-]+/g, "_"));
  mkdirSync(scratch, { recursive: true });
  if (corpusCase.outputExt === "epub") {
    const problems = epubcheck(output).filter((m) => m.severity === "ERROR" || m.severity === "FATAL");
    if (problems.length > 0) return `epubcheck: ${problems.length} error(s), first: ${problems[0]!.message.slice(0, 200)}`;
    if (pictures > 0 && epubPictures(output) < pictures) return `${epubPictures(output)} pictures, want at least ${pictures}`;
    return compareWords(corpusCase, calibreText(output));
  }
  if (corpusCase.outputExt === "azw3" || corpusCase.outputExt === "mobi") {
    let inspection;
    try {
      inspection = inspectMobi(output, scratch);
    } catch (error) {
      return `calibre-debug cannot inspect it: ${String(error).slice(0, 200)}`;
    }
    const images = new Set(inspection.images.map((name) => name.replace(/^.*\//, ""))).size;
    if (pictures > 0 && images < pictures) return `calibre finds ${images} pictures, want at least ${pictures}`;
    return compareWords(corpusCase, calibreText(output));
  }
  if (corpusCase.outputExt === "pdf") {
    const text = execFileSync(PDFTOTEXT, ["-enc", "UTF-8", output, "-"], { encoding: "utf8" });
    if (pictures > 0) {
      const listing = execFileSync("/usr/bin/pdfimages", ["-list", output], { encoding: "utf8" }).split("\n").slice(2).filter((line) => line.trim() !== "");
      const pageCount = Number(/Pages:\s+(\d+)/.exec(execFileSync("/usr/bin/pdfinfo", [output], { encoding: "utf8" }))?.[1] ?? 0);
      if (listing.length < pictures) return `pdfimages finds ${listing.length} pictures, want at least ${pictures}`;
      if (pageCount < pictures) return `${pageCount} pages for ${pictures} pictures`;
    }
    return compareWords(corpusCase, text);
  }
  return `no judge for .${corpusCase.outputExt}`;
}

const format: CorpusFormat = { cases, judge };
export default format;
