/**
 * The PDF writer in a browser worker (not a test): `node bench/pdf-writer-chromium.ts [SECTIONS...]`.
 *
 * Proves the worker path and times it: Vite bundles a module worker that imports
 * codecs/document/write-pdf.ts and pdf-fonts-browser.ts (pdfmake's browser build, the Roboto files
 * and the fallback font as hashed assets), headless Chromium runs it from a local server, and the PDF comes back to be
 * checked by qpdf, pdfinfo and pdftotext. The worker writes bench/pdf-writer-model.ts's report:
 * once cold (pdfmake and the fonts load), then RUNS (default 3) times warm; medians are printed.
 * Exits 1 when the worker fails or a check does.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { chromium } from "@playwright/test";
import { build } from "vite";
import { median } from "./measure.ts";
import { ROOT } from "./server.ts";

const SIZES = process.argv.slice(2).map(Number).filter((n) => n > 0);
const RUNS = Number(process.env.RUNS) || 3;
const CHROME_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const CHROME_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".ttf": "font/ttf" };

const WORKER = `
import { writePdf } from "${ROOT}/codecs/document/write-pdf.ts";
import { browserPdfFallbackFonts, browserPdfFonts } from "${ROOT}/codecs/document/pdf-fonts-browser.ts";
import { benchReport } from "${ROOT}/bench/pdf-writer-model.ts";
self.onmessage = async (event) => {
  try {
    const started = performance.now();
    const fonts = await browserPdfFonts();
    const bytes = await writePdf(benchReport(event.data), fonts, { fallbackFonts: browserPdfFallbackFonts });
    self.postMessage({ bytes, ms: performance.now() - started }, [bytes.buffer]);
  } catch (error) {
    self.postMessage({ error: String(error && error.stack ? error.stack : error) });
  }
};`;
const PAGE = `
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
window.writeReport = (sections) => new Promise((resolve) => {
  worker.onmessage = (event) => {
    const { bytes, ms, error } = event.data;
    if (error) return resolve({ error });
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    resolve({ pdf: btoa(binary), ms });
  };
  worker.postMessage(sections);
});`;

interface Written {
  pdf?: string;
  ms?: number;
  error?: string;
}

const dir = mkdtempSync(join(tmpdir(), "pdf-writer-chromium-"));
const server = createServer((request, response) => {
  try {
    const path = join(dir, "dist", new URL(request.url ?? "/", "http://localhost").pathname.replace(/\/$/, "/index.html"));
    const body = readFileSync(path);
    response.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
});
let failed = false;
try {
  writeFileSync(join(dir, "index.html"), `<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>`);
  writeFileSync(join(dir, "main.js"), PAGE);
  writeFileSync(join(dir, "worker.js"), WORKER);
  await build({ root: dir, configFile: false, logLevel: "warn", base: "./", build: { outDir: join(dir, "dist"), emptyOutDir: true }, worker: { format: "es" } });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    const write = (sections: number): Promise<Written> => page.evaluate((n) => (window as unknown as { writeReport(n: number): Promise<Written> }).writeReport(n), sections);
    let loaded = false;
    for (const sections of SIZES.length > 0 ? SIZES : [90]) {
      const cold = await write(sections);
      if (cold.error !== undefined || cold.pdf === undefined) throw new Error(`the worker failed: ${cold.error}`);
      const warm: number[] = [];
      for (let r = 0; r < RUNS; r++) warm.push((await write(sections)).ms ?? Number.NaN);
      const file = join(dir, `report-${sections}.pdf`);
      writeFileSync(file, Buffer.from(cold.pdf, "base64"));
      execFileSync("/usr/bin/qpdf", ["--check", file], { stdio: "ignore" });
      const pages = /^Pages:\s+(\d+)/m.exec(execFileSync("/usr/bin/pdfinfo", [file], { encoding: "utf8" }))?.[1];
      const text = execFileSync("/usr/bin/pdftotext", [file, "-"], { encoding: "utf8" });
      if (!text.includes(`Section ${sections}`) || !text.includes("Read on → the sections follow.")) throw new Error("pdftotext does not find the first line or the last section");
      const first = loaded ? "first" : "first (loading pdfmake and the fonts)";
      loaded = true;
      console.log(`Chromium worker, ${sections} sections, ${pages} pages: ${first} ${Math.round(cold.ms ?? 0)} ms, then ${Math.round(median(warm))} ms`);
    }
  } finally {
    await browser.close();
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
