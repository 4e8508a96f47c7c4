// What the service worker precaches (the public pages' shell) and what each tool needs offline (its
// lazily loaded page, workers, wasm, fonts, SoundFont), read from the build output at build time
// (scripts/build-service-worker.ts, decision 049). Pure: the build folder comes in as plain data.

/** One entry of Vite's build manifest (build/client/.vite/manifest.json). */
export interface ViteChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type ViteManifest = Record<string, ViteChunk>;

/** The parts of React Router's browser manifest (build/client/assets/manifest-*.js) a page loads from. */
export interface RouterManifest {
  entry: { module: string; imports: string[]; css: string[] };
  routes: Record<string, { module: string; imports?: string[]; css?: string[] }>;
}

/** The client build's files under /assets/: their names, sizes, and the text of scripts and styles. */
export interface BuildAssets {
  /** file names (no folder), compressed copies (.br, .gz) left out */
  names: ReadonlySet<string>;
  size(name: string): number;
  /** the text of a .js/.css file, null for anything else */
  text(name: string): string | null;
}

/** A tool's files beyond the shell: URLs (/assets/...) and their total size in bytes. */
export interface ToolEngines {
  urls: string[];
  bytes: number;
}

const ASSET_PREFIX = "/assets/";
// names a script or stylesheet mentions: its imports, `new URL("x.wasm", import.meta.url)`, workers
const REFERENCE = /[\w.-]+\.(?:js|mjs|css|wasm|ttf|otf|woff2?|pfb|bcmap|sf3|json|svg|png|bin|data)\b/g;

// files no tool stores for offline use: the threaded ffmpeg core (named so by vite.config.ts) would
// double the media tools' download, and offline their pages run the single-thread core (decision 064)
const ONLINE_ONLY = /^ffmpeg-core-mt-/;

const nameOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

/** The React Router browser manifest from its script (`window.__reactRouterManifest={...};`). */
export function parseRouterManifest(script: string): RouterManifest {
  const start = script.indexOf("{");
  const end = script.lastIndexOf("}");
  if (start < 0 || end < start) throw new Error("Not a React Router manifest script");
  return JSON.parse(script.slice(start, end + 1)) as RouterManifest;
}

/** A chunk's own file and those of its static imports, as /assets/ URLs. */
function staticImports(vite: ViteManifest, key: string, into: Set<string>): void {
  const chunk = vite[key];
  const url = chunk ? `/${chunk.file}` : null;
  if (!chunk || !url || into.has(url)) return;
  into.add(url);
  for (const css of chunk.css ?? []) into.add(`/${css}`);
  for (const imported of chunk.imports ?? []) staticImports(vite, imported, into);
}

/**
 * The files every public page may load: the client entry, the router manifest, the root and the
 * public layout's routes (their modules, static imports and styles), every stylesheet, and what
 * those load lazily (toasts, the tool palette, the tool page table) except the tools' own pages,
 * which are each tool's (`toolEngines`).
 */
export function shellFiles(router: RouterManifest, routerManifestName: string, assets: BuildAssets, vite: ViteManifest, isPublicRoute: (id: string) => boolean): string[] {
  const files = new Set<string>([`${ASSET_PREFIX}${routerManifestName}`, router.entry.module, ...router.entry.imports, ...router.entry.css]);
  for (const [id, route] of Object.entries(router.routes)) {
    if (id !== "root" && !isPublicRoute(id)) continue;
    for (const url of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) files.add(url);
  }
  for (const name of assets.names) if (name.endsWith(".css")) files.add(`${ASSET_PREFIX}${name}`);
  for (let grew = true; grew; ) {
    const size = files.size;
    for (const chunk of Object.values(vite)) {
      if (!files.has(`/${chunk.file}`)) continue;
      for (const key of chunk.dynamicImports ?? []) if (!key.startsWith("app/tools/")) staticImports(vite, key, files);
    }
    grew = files.size > size;
  }
  return [...files].toSorted();
}

/** Every file `names` lead to: their static imports (manifest) and every build file their text mentions, shell files excepted. */
function closure(start: readonly string[], assets: BuildAssets, shell: ReadonlySet<string>): string[] {
  const seen = new Set<string>();
  const queue = start.filter((name) => assets.names.has(name));
  while (queue.length) {
    const name = queue.pop() as string;
    if (seen.has(name) || shell.has(`${ASSET_PREFIX}${name}`) || ONLINE_ONLY.test(name)) continue;
    seen.add(name);
    for (const match of assets.text(name)?.match(REFERENCE) ?? []) {
      if (assets.names.has(match) && !seen.has(match)) queue.push(match);
    }
  }
  return [...seen].toSorted();
}

/**
 * Per tool slug, the files its page loads beyond the shell: the page's own chunk (a lazy import),
 * what it imports, its workers and everything they fetch (wasm, fonts, the SoundFont, chunks).
 * `pageOf` gives a slug's page module as Vite names it ("app/tools/dds/dds-to-png-tool.tsx").
 */
export function toolEngines(tools: readonly { slug: string; page: string }[], vite: ViteManifest, assets: BuildAssets, shell: readonly string[]): Record<string, ToolEngines> {
  const shellSet = new Set(shell);
  const out: Record<string, ToolEngines> = {};
  for (const tool of tools) {
    const chunk = vite[tool.page];
    if (!chunk) throw new Error(`The build has no chunk for ${tool.slug}'s page ${tool.page}`);
    const names = closure([nameOf(chunk.file), ...(chunk.css ?? []).map(nameOf), ...(chunk.assets ?? []).map(nameOf)], assets, shellSet);
    out[tool.slug] = { urls: names.map((n) => `${ASSET_PREFIX}${n}`), bytes: names.reduce((sum, n) => sum + assets.size(n), 0) };
  }
  return out;
}
