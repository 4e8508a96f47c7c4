// After `react-router build` (package.json "build"): the service worker and the offline lists
// (decision 049). Reads the client build, writes
//   build/client/offline-engines.json  per tool slug, the files "Make available offline" fetches
//   build/sw/sw.js                      app/pwa/service-worker.ts bundled with this build's precache
//                                       list and id (served at /sw.js by server/app.ts, no-cache)
// and prints what an install precaches and what each tool's engines weigh.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "rolldown";
import { ENGINES_PATH, OFFLINE_PATH } from "#app/lib/pwa/cache-rules.ts";
import { OPEN_ACTION } from "#app/lib/pwa/launch-paths.ts";
import { parseRouterManifest, shellFiles, toolEngines, type BuildAssets, type ViteManifest } from "#app/lib/pwa/offline-assets.ts";
import { TOOLS } from "#app/tools/registry.ts";

const CLIENT = "build/client";
const ASSETS = join(CLIENT, "assets");
const OUT = "build/sw";
const VERSION_PLACEHOLDER = "__SW_VERSION__";

const names = readdirSync(ASSETS).filter((n) => !/\.(br|gz)$/.test(n));
const assets: BuildAssets = {
  names: new Set(names),
  size: (name) => statSync(join(ASSETS, name)).size,
  text: (name) => (/\.(js|mjs|css)$/.test(name) ? readFileSync(join(ASSETS, name), "utf8") : null),
};
// React Router's manifest script, not a route chunk that happens to be named "manifest" too (the
// /manifest.webmanifest route's empty client chunk is manifest-<hash>.js as well)
const routerManifestName = names.find((n) => /^manifest-[\w-]+\.js$/.test(n) && readFileSync(join(ASSETS, n), "utf8").startsWith("window.__reactRouterManifest="));
if (!routerManifestName) throw new Error(`No React Router manifest in ${ASSETS}`);
const router = parseRouterManifest(readFileSync(join(ASSETS, routerManifestName), "utf8"));
const vite = JSON.parse(readFileSync(join(CLIENT, ".vite/manifest.json"), "utf8")) as ViteManifest;

const shell = shellFiles(router, routerManifestName, assets, vite, (id) => id.startsWith("routes/site/"));
const engines = toolEngines(
  TOOLS.map((t) => ({ slug: t.slug, page: `app/tools/${t.page}` })),
  vite,
  assets,
  shell,
);
const enginesJson = JSON.stringify(engines);
writeFileSync(join(CLIENT, ENGINES_PATH), enginesJson);

const hashOf = (data: string | Buffer) => createHash("sha256").update(data).digest("hex").slice(0, 16);
// files of public/ the shell uses (not hashed: their revision is their content)
const PUBLIC_FILES = ["/favicon.ico", "/icons/icon-192.png", "/icons/icon-512.png", "/icons/maskable-512.png"].filter((u) => existsSync(join(CLIENT, u)));
const staticEntries = [...PUBLIC_FILES.map((url) => ({ url, revision: hashOf(readFileSync(join(CLIENT, url))) })), { url: ENGINES_PATH, revision: hashOf(enginesJson) }];
const engineUrls = [...new Set(Object.values(engines).flatMap((e) => e.urls))].toSorted();

async function bundle(version: string): Promise<string> {
  const result = await build({
    input: "app/pwa/service-worker.ts",
    write: false,
    platform: "browser",
    transform: {
      define: {
        SW_BUILD: JSON.stringify({
          version,
          // hashed names need no revision; the offline page and the launch page of "Open with" are
          // rendered by this build, so they are this build's
          precache: [...shell.map((url) => ({ url, revision: null })), ...staticEntries, ...[OFFLINE_PATH, OPEN_ACTION].map((url) => ({ url, revision: version }))],
          engineUrls,
        }),
        "process.env.NODE_ENV": JSON.stringify("production"),
      },
    },
    output: { format: "iife", minify: true },
  });
  return result.output[0].code;
}

// The build id covers everything a visitor would get from it: the worker's code, the shell and the
// engines. The same build twice gives the same bytes, so browsers see no update.
const draft = await bundle(VERSION_PLACEHOLDER);
const version = hashOf(draft + shell.join() + staticEntries.map((e) => e.revision).join());
// the first line names the build (app/server/pwa/service-worker-script.server.ts reads it)
const code = `// build ${version}\n${draft.replaceAll(VERSION_PLACEHOLDER, version)}`;
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, "sw.js"), code);

const sum = (urls: readonly string[]) => urls.reduce((s, u) => s + statSync(join(CLIENT, u.split("?")[0] as string)).size, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(`Service worker ${version}: ${kb(code.length)}; precache ${shell.length + staticEntries.length} files, ${kb(sum([...shell, ...PUBLIC_FILES]))} (+ the offline and launch pages)`);
console.log(
  `Offline engines per tool: ${Object.entries(engines)
    .map(([slug, e]) => `${slug} ${kb(e.bytes)}`)
    .join(", ")}`,
);
