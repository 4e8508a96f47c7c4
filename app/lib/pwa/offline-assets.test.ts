import { describe, expect, it } from "vitest";
import { parseRouterManifest, shellFiles, toolEngines, type BuildAssets, type ViteManifest } from "./offline-assets.ts";

// A miniature client build: the shell (entry, framework, site, routes), a DDS page whose worker is
// referenced by URL, a media page whose worker fetches a wasm core, and a calculator with no worker.
const FILES: Record<string, string | number> = {
  "entry.client-A.js": 'import"./framework-B.js";import"./site-C.js";',
  "framework-B.js": "react",
  "site-C.js": "site",
  "toast-T.js": "sonner",
  "root-D.js": 'import"./site-C.js";',
  "layout-E.js": 'import"./site-C.js";',
  "tool-F.js": 'const m=["assets/dds-tool-G.js","assets/media-tool-J.js","assets/calc-M.js"];',
  "admin-Z.js": "admin",
  "app-S.css": "body{}",
  "manifest-0.js": "",
  "dds-tool-G.js": 'import"./site-C.js";import"./bridge-H.js";new Worker(new URL("/assets/dds.worker-I.js",import.meta.url));',
  "bridge-H.js": "bridge",
  "dds.worker-I.js": "decode",
  "media-tool-J.js": 'import"./bridge-H.js";new Worker(new URL("/assets/ffmpeg.worker-K.js",import.meta.url));',
  "ffmpeg.worker-K.js": 'fetch(new URL("ffmpeg-core-L.wasm",import.meta.url)); "ffmpeg-core.wasm"; import("/assets/ffmpeg-core-mt-N.js"); "/assets/ffmpeg-core-mt-O.wasm"',
  "ffmpeg-core-L.wasm": 32_000_000,
  "ffmpeg-core-mt-N.js": 'new Worker("ffmpeg-core-mt-P.js")',
  "ffmpeg-core-mt-O.wasm": 33_000_000,
  "ffmpeg-core-mt-P.js": "thread",
  "calc-M.js": 'import"./framework-B.js";',
};
const assets: BuildAssets = {
  names: new Set(Object.keys(FILES)),
  size: (name) => (typeof FILES[name] === "number" ? (FILES[name] as number) : String(FILES[name]).length),
  text: (name) => (/\.(js|css)$/.test(name) && typeof FILES[name] === "string" ? (FILES[name] as string) : null),
};
const router = parseRouterManifest(
  `window.__reactRouterManifest=${JSON.stringify({
    entry: { module: "/assets/entry.client-A.js", imports: ["/assets/framework-B.js", "/assets/site-C.js"], css: [] },
    routes: {
      root: { module: "/assets/root-D.js", imports: ["/assets/site-C.js"] },
      "routes/site/layout": { module: "/assets/layout-E.js" },
      "routes/site/tool": { module: "/assets/tool-F.js" },
      "routes/admin/layout": { module: "/assets/admin-Z.js" },
    },
  })};`,
);
const vite: ViteManifest = {
  "_site-C.js": { file: "assets/site-C.js", dynamicImports: ["node_modules/sonner/index.mjs", "app/tools/dds/dds-tool.tsx"] },
  "node_modules/sonner/index.mjs": { file: "assets/toast-T.js", imports: ["_site-C.js"] },
  "app/tools/dds/dds-tool.tsx": { file: "assets/dds-tool-G.js" },
  "app/tools/media/media-tool.tsx": { file: "assets/media-tool-J.js" },
  "app/tools/units/calc.tsx": { file: "assets/calc-M.js" },
};
const shell = shellFiles(router, "manifest-0.js", assets, vite, (id) => id.startsWith("routes/site/"));

describe("shellFiles", () => {
  it("holds the entry, the router manifest, root and public routes, the stylesheets and their lazy imports but tool pages, not the admin", () => {
    expect(shell).toEqual(
      ["app-S.css", "entry.client-A.js", "framework-B.js", "layout-E.js", "manifest-0.js", "root-D.js", "site-C.js", "toast-T.js", "tool-F.js"].map((n) => `/assets/${n}`),
    );
  });
});

describe("toolEngines", () => {
  const tools = [
    { slug: "dds-to-png", page: "app/tools/dds/dds-tool.tsx" },
    { slug: "mp3-converter", page: "app/tools/media/media-tool.tsx" },
    { slug: "length", page: "app/tools/units/calc.tsx" },
  ];
  const engines = toolEngines(tools, vite, assets, shell);

  it("follows the page's imports and the worker it starts, without the shell", () => {
    expect(engines["dds-to-png"]?.urls).toEqual(["/assets/bridge-H.js", "/assets/dds-tool-G.js", "/assets/dds.worker-I.js"]);
  });

  it("follows a worker to the wasm it fetches and sums the bytes; the threaded ffmpeg core stays online only", () => {
    expect(engines["mp3-converter"]?.urls).toEqual(["/assets/bridge-H.js", "/assets/ffmpeg-core-L.wasm", "/assets/ffmpeg.worker-K.js", "/assets/media-tool-J.js"]);
    expect(engines["mp3-converter"]?.bytes).toBe(32_000_000 + ["bridge-H.js", "ffmpeg.worker-K.js", "media-tool-J.js"].reduce((s, n) => s + String(FILES[n]).length, 0));
  });

  it("gives a tool without workers its page chunk only", () => {
    expect(engines.length?.urls).toEqual(["/assets/calc-M.js"]);
  });

  it("fails the build when a page has no chunk", () => {
    expect(() => toolEngines([{ slug: "x", page: "app/tools/x/x.tsx" }], vite, assets, shell)).toThrow(/no chunk for x/);
  });
});
