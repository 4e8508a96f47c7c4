import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { workerPackages } from "./app/tools/registry.ts";

// Modules every public page needs are grouped into two chunks (docs/decisions/011-public-chunks.md):
// on HTTP/1.1 two dozen sub-kilobyte modulepreloads cost more than their bytes.
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
// The public shell: site components (not the lazily loaded Ctrl+K palette), the button and toast
// primitives, the error boundary every route exports (with its 403 check), the browser-side helpers
// of public pages, and the icons.
const SITE_SHELL =
  /[\\/]app[\\/](components[\\/]site[\\/](?!tool-palette)|components[\\/]ui[\\/](button|toast)\.|components[\\/]route-error-boundary\.|lib[\\/](seo|blog|reading-time|recent-tools|tool-search|access-denied)[\\/.])|[\\/]lucide-react[\\/]/;

const workerAssetName = (asset: { originalFileNames: readonly string[] }) =>
  asset.originalFileNames.some((file) => file.includes("@ffmpeg/core-mt/")) ? "assets/ffmpeg-core-mt-[hash][extname]" : "assets/[name]-[hash][extname]";

export default defineConfig({
  // keeps build/client/.vite/manifest.json (React Router reads this top-level flag, not the
  // environment's): scripts/build-service-worker.ts finds each tool's page chunk in it
  build: {
    manifest: true,
    // a worker script must be a file of this origin: the threaded ffmpeg core's 2 KB thread worker
    // (decision 064) would otherwise become a data: URL, which starts with an opaque origin
    assetsInlineLimit: (file: string) => (file.endsWith(".worker.js") ? false : undefined),
    // A lazy import inserts no <link rel="modulepreload"> for its chunk's imports (decision 070):
    // the tool page's UI (15 chunks) cost one task of about 18 ms on this machine, 70 ms on a
    // throttled phone, while the page hydrated. The browser fetches them as the chunk's imports
    // instead. Stylesheets stay.
    modulePreload: { resolveDependencies: (_chunk: string, deps: string[]) => deps.filter((dep) => dep.endsWith(".css")) },
  },
  environments: {
    // The server bundle's entry is our Express app, which mounts the React Router handler.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 30 },
                { name: "site", test: (id: string) => SITE_SHELL.test(id), priority: 10 },
              ],
            },
          },
        },
      },
    },
  },
  // The converters' libraries load inside workers only after a file is chosen; listing them (each
  // tool's meta names its worker's packages; the catalogue is plain data, so the config imports it)
  // lets the dev server bundle them up front instead of reloading the page mid-conversion.
  optimizeDeps: { include: workerPackages() },
  // Workers as ES modules (every tool starts its worker with { type: "module" }), so a worker's
  // dynamic imports become chunks of their own: the PDF converter's worker fetches pdf.js, mammoth,
  // docx or pdfmake only for the conversions that use them instead of 4 MB for every file.
  // The threaded ffmpeg core's files (its worker's assets) say so in their names: "Make available
  // offline" leaves them out (app/lib/pwa/offline-assets.ts, decision 064).
  worker: { format: "es", rolldownOptions: { output: { assetFileNames: workerAssetName } } },
  // the dev server's modules, worker scripts among them, as the build's /assets/ are served: an
  // isolated tool page (decision 060) starts no worker whose script lacks this header
  server: { headers: { "Cross-Origin-Embedder-Policy": "credentialless" } },
  ssr: { external: ["better-sqlite3", "pg"] },
  plugins: [tailwindcss(), reactRouter()],
});
