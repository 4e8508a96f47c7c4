// The npm packages the tools' workers load, for vite.config.ts optimizeDeps. A copy of what the metas
// declare (registry.ts workerPackages()), kept because Vite's config loader bundles what the config
// imports and would follow every meta's UI loader; registry.test.ts fails when the two differ.
export const WORKER_PACKAGES: readonly string[] = [
  "fflate",
  "imagetracerjs",
  "@jsquash/avif",
  "pdf-lib",
  "mediabunny",
  "@mediabunny/mp3-encoder",
  "@mediabunny/aac-encoder",
  "@mediabunny/flac-encoder",
  "spessasynth_core",
  "wasm-media-encoders",
  "papaparse",
  "fast-xml-parser",
  "htmlparser2",
  "pdfjs-dist",
  "pdfmake/build/pdfmake.js",
  "mammoth",
  "docx",
];
