import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { seedTools } from "#app/server/seed/tools.seed.ts";
import { PAGE_LOADERS } from "./pages.generated.ts";
import { toolPage } from "./pages.ts";
import { cliConversions, findTool, TOOL_FAMILIES, TOOLS, workerPackages } from "./registry.ts";
import { slugsWithContent, toolContent } from "./registry-content.server.ts";
import { TOOL_CATEGORIES, type ToolContentBySlug, type ToolMeta } from "./types.ts";

// Every fixed tool slug the product has, as listed in its route table ({product} = dds-to-png).
const SPEC_SLUGS = `dds-to-png dds-to-png-converter jfif-to-png jfif-to-png-converter jpg-to-ico jpg-to-ico-converter avif-to-svg-converter
png-to-dds-converter psb-to-pdf-converter tiff-to-pdf-converter audio-converter mp3-converter wav-converter mp3-to-ogg-converter
mp4-to-mp3-converter mp4-to-wav-converter flv-to-mp3-converter m4a-to-mp3-converter midi-converter mpeg-to-avi-converter
mpg-to-avi-converter video-converter m4a-to-mp4-converter epub-converter epub-to-azw3-converter epub-to-mobi-converter
fb2-to-epub-converter pdf-converter xml-converter bhp-to-ton-calculator cm-to-inches-converter cm-to-mm-converter mm-to-cm-converter
inches-to-cm-converter km-to-miles-converter miles-to-km-converter pounds-to-kg-converter tons-to-pounds-converter
radians-to-rpm-converter kilowatts-to-decibels-converter est-to-gmt-converter gmt-to-eest-converter gmt-to-est-converter
gmt-to-kst-converter kst-to-gmt-converter pdt-to-gmt-converter pdt-to-bst-converter`.split(/\s+/);

const TOOLS_DIR = import.meta.dirname;
const REPO = join(TOOLS_DIR, "../..");

/** Every app/tools/<folder> that has a meta.ts, as found on disk. */
const metaFolders = readdirSync(TOOLS_DIR).filter((name) => existsSync(join(TOOLS_DIR, name, "meta.ts")));

/** The tools a folder's meta.ts exports (its `tools`). */
async function toolsOfFolder(folder: string): Promise<ToolMeta[]> {
  const module = (await import(`./${folder}/meta.ts`)) as { tools?: ToolMeta[] };
  expect(module.tools, `${folder}/meta.ts exports its tools as \`tools\``).toBeInstanceOf(Array);
  return module.tools ?? [];
}

/** The modules a source file imports (static, dynamic and re-exports), as written. */
const importsOf = (path: string) =>
  [...readFileSync(path, "utf8").matchAll(/^(?:import|export)\b[^"]*?from\s*"([^"]+)"|^import\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/gm)].map((m) => (m[1] ?? m[2] ?? m[3])!);

/** A specifier resolved to a file of the repo (relative or `#alias/`), or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  // the package.json aliases: #app/x is app/x, #codecs/x is codecs/x...
  const base = specifier.startsWith("#") ? join(REPO, specifier.slice(1)) : specifier.startsWith(".") ? join(dirname(from), specifier) : null;
  if (!base) return null;
  const found = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((p) => existsSync(p) && statSync(p).isFile());
  if (!found) throw new Error(`${relative(REPO, from)} imports ${specifier}, which is not there`);
  return found;
}

/** A React component or a tool page. */
const isUiModule = (file: string) => /\.tsx$|-tool(\.tsx?)?$/.test(file);

/** Every file a module reaches through its imports, and the packages they import. */
function importGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set([entry]);
  const packages = new Set<string>();
  for (const file of files) {
    for (const specifier of importsOf(file)) {
      const target = resolveImport(file, specifier);
      if (target) files.add(target);
      else packages.add(specifier);
    }
  }
  return { files: [...files].map((f) => relative(REPO, f)), packages: [...packages] };
}

/** The package of a worker-package entry, which may name one of its files ("pdfmake/build/pdfmake.js": its browser build). */
const packageName = (entry: string) => (entry.startsWith("@") ? entry.split("/").slice(0, 2).join("/") : entry.split("/")[0]!);

describe("tool registry", () => {
  it("routes every slug of the spec's table to a tool, and the text tools", () => {
    expect(SPEC_SLUGS).toHaveLength(47);
    for (const slug of [...SPEC_SLUGS, "word-counter", "text-reverser", "character-counter"]) expect(findTool(slug), slug).toBeDefined();
  });

  it("gives aliases the canonical slug of their tool", () => {
    expect(findTool("dds-to-png-converter")?.slug).toBe("dds-to-png");
    expect(findTool("jfif-to-png-converter")?.slug).toBe("jfif-to-png");
    expect(findTool("jpg-to-ico-converter")?.slug).toBe("jpg-to-ico");
    expect(findTool("dds-to-png")).toBe(findTool("dds-to-png-converter"));
  });

  it("serves all 18 numeric and time tools and the 3 text tools with a component", () => {
    const withUi = TOOLS.filter((t) => t.kind === "calculator" || t.kind === "time");
    expect(withUi).toHaveLength(18);
    for (const t of [...withUi, ...TOOLS.filter((x) => x.kind === "text")]) expect(toolPage(t.slug), t.slug).not.toBeNull();
    expect(toolPage("dds-to-png-converter")).toEqual(toolPage("dds-to-png"));
  });

  it("knows nothing of other slugs (they fall back to the generic page)", () => {
    expect(findTool("my-custom-tool")).toBeUndefined();
    expect(toolPage("my-custom-tool")).toBeNull();
  });
});

describe("tool folders (app/tools/*/meta.ts on disk)", () => {
  it("finds the folders of every family", () => {
    expect(metaFolders).toEqual(expect.arrayContaining(["audio", "avif-svg", "dds", "document", "ebook", "ico", "jfif", "pdf-images", "png-dds", "text", "time", "units", "video"]));
  });

  it("has every folder's tools in the registry, once, and nothing else there", async () => {
    const onDisk = (await Promise.all(metaFolders.map(toolsOfFolder))).flat();
    expect(new Set(onDisk).size).toBe(onDisk.length);
    for (const tool of onDisk) expect(TOOLS.includes(tool), `${tool.slug} is not imported by registry.ts`).toBe(true);
    expect(TOOLS).toHaveLength(onDisk.length);
    expect(new Set(TOOL_FAMILIES.flat())).toEqual(new Set(TOOLS));
  });

  it("has every slug and alias once across all folders", () => {
    const all = TOOLS.flatMap((t) => [t.slug, ...t.aliases]);
    expect(new Set(all).size).toBe(all.length);
  });

  it("gives every file tool accept rules, and every tool on the media page its media facts", () => {
    for (const tool of TOOLS.filter((t) => t.kind === "file")) {
      expect(tool.accept?.extensions.length, tool.slug).toBeGreaterThan(0);
      expect(tool.accept?.invalidDescription, tool.slug).toMatch(/^Please select/);
    }
    const converters = TOOLS.filter((t) => t.kind === "file").map((t) => t.slug);
    expect(converters).toEqual(expect.arrayContaining(["dds-to-png", "jfif-to-png", "jpg-to-ico", "avif-to-svg-converter", "png-to-dds-converter", "psb-to-pdf-converter", "tiff-to-pdf-converter"]));
    const media = TOOLS.filter((t) => t.page === "media/media-tool.tsx");
    expect(media).toHaveLength(12);
    for (const tool of media) expect(tool.media?.targets.length, tool.slug).toBeGreaterThan(0);
    expect(TOOLS.filter((t) => t.media).map((t) => t.page)).toEqual(media.map(() => "media/media-tool.tsx"));
  });

  it("gives every tool a page that pages.generated.ts loads (pages.ts is total)", () => {
    for (const tool of TOOLS) {
      expect(PAGE_LOADERS[tool.page], `${tool.slug}: ${tool.page}`).toBeTypeOf("function");
      expect(existsSync(join(TOOLS_DIR, tool.page)), tool.page).toBe(true);
      expect(toolPage(tool.slug)?.meta).toBe(tool);
    }
    expect(Object.keys(PAGE_LOADERS).toSorted()).toEqual([...new Set(TOOLS.map((t) => t.page))].toSorted());
  });

  it("orders the catalogue: categories in TOOL_CATEGORIES order, then each tool's own order, none shared", () => {
    const keys = TOOLS.map((t) => `${TOOL_CATEGORIES.indexOf(t.category)}:${t.order}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(TOOLS.map((t) => TOOL_CATEGORIES.indexOf(t.category))).toEqual(TOOLS.map((t) => TOOL_CATEGORIES.indexOf(t.category)).toSorted((a, b) => a - b));
  });

  it("keeps each folder's copy (content.ts) beside its metas: same slugs, every tool has copy, no copy without a tool", async () => {
    for (const folder of metaFolders) {
      const metas = (await toolsOfFolder(folder)).map((t) => t.slug).toSorted();
      const path = join(TOOLS_DIR, folder, "content.ts");
      expect(existsSync(path), `${folder}/content.ts`).toBe(true);
      const { content } = (await import(`./${folder}/content.ts`)) as { content: ToolContentBySlug };
      expect(Object.keys(content).toSorted(), folder).toEqual(metas);
      for (const slug of metas) expect(toolContent(slug), `${slug}: ${folder}/content.ts is not imported by registry-content.server.ts`).toBe(content[slug]);
    }
    expect(slugsWithContent().toSorted()).toEqual(TOOLS.map((t) => t.slug).toSorted());
  });

  it("keeps the copy out of the client: only server code imports content.ts or registry-content.server.ts", () => {
    for (const folder of metaFolders) {
      const meta = readFileSync(join(TOOLS_DIR, folder, "meta.ts"), "utf8");
      expect(meta, folder).not.toMatch(/from "[^"]*content/);
    }
    expect(readFileSync(join(TOOLS_DIR, "registry.ts"), "utf8")).not.toMatch(/from "\.\/[^"]*content/);
  });
});

describe("the catalogue is plain data", () => {
  it("no meta.ts imports React, a .tsx or a page, and the registry reaches none", () => {
    for (const folder of metaFolders) {
      const imports = importsOf(join(TOOLS_DIR, folder, "meta.ts"));
      expect(imports.filter((i) => i === "react" || i.startsWith("react-") || isUiModule(i)), folder).toEqual([]);
    }
    const graph = importGraph(join(TOOLS_DIR, "registry.ts"));
    expect(graph.files).toContain("app/tools/catalogue.generated.ts");
    expect(graph.files.filter(isUiModule)).toEqual([]);
    expect(graph.packages).toEqual([]);
  });

  it("no page imports the registry or a meta for its own facts (the route hands them over)", () => {
    for (const page of Object.keys(PAGE_LOADERS)) {
      expect(importsOf(join(TOOLS_DIR, page)).filter((i) => /(^|\/)(registry|meta)(\.ts)?$/.test(i)), page).toEqual([]);
    }
  });
});

describe("what is derived from the metas", () => {
  it("seeds one row per tool in catalogue order, the 47 of the hand-written catalogue (tools.data.ts) the same rows in the same order", () => {
    expect(seedTools.map((t) => t.slug)).toEqual(TOOLS.map((t) => t.slug));
    for (const tool of TOOLS) expect(seedTools.find((t) => t.slug === tool.slug)?.category, tool.slug).toBe(tool.category);
    // a tool added since takes its place in its category, between them
    const original = new Set([...SPEC_SLUGS, "word-counter", "text-reverser", "character-counter"].map((slug) => findTool(slug)?.slug));
    const catalogue = seedTools.filter((t) => original.has(t.slug));
    expect(catalogue).toHaveLength(47);
    expect(catalogue.filter((t) => t.isFeatured).map((t) => t.slug)).toEqual(["dds-to-png", "jfif-to-png", "jpg-to-ico", "png-to-dds-converter", "audio-converter", "video-converter"]);
    expect(catalogue.map((t) => t.name).join("|")).toHaveLength(976);
    // sha-256 of the old rows' identity (keys sorted), taken before tools.data.ts was split into the
    // folders; the prose fields are left out because the copy is meant to be corrected (issue 13)
    const PROSE = ["description", "metaDescription", "metaKeywords", "content", "blogContent"];
    const canonical = catalogue.map((t) => Object.fromEntries(Object.entries(t).filter(([key]) => !PROSE.includes(key)).toSorted(([a], [b]) => (a < b ? -1 : 1))));
    expect(createHash("sha256").update(JSON.stringify(canonical)).digest("hex")).toBe("0d6803d80e42552d7752a59e2b68bd7f6c474c5fabe78bf1bdbe1863595ac14f");
  });

  it("lists what the CLI converts, from the metas' cli declarations", () => {
    expect(cliConversions().map(({ slug, from, to }) => ({ slug, from, to }))).toEqual([
      { slug: "dds-to-png", from: ["dds"], to: ["png", "zip"] },
      { slug: "jfif-to-png", from: ["jpeg"], to: ["png"] },
      { slug: "jpg-to-ico", from: ["png", "jpeg"], to: ["ico"] },
      { slug: "avif-to-svg-converter", from: ["avif"], to: ["svg"] },
      { slug: "png-to-dds-converter", from: ["png", "jpeg"], to: ["dds"] },
      { slug: "psb-to-pdf-converter", from: ["psb"], to: ["pdf"] },
      { slug: "tiff-to-pdf-converter", from: ["tiff"], to: ["pdf"] },
      { slug: "audio-converter", from: ["audio", "video"], to: ["mp3", "wav", "ogg", "m4a", "aac", "flac", "wma"] },
      { slug: "midi-converter", from: ["midi"], to: ["wav", "mp3", "ogg"] },
      { slug: "video-converter", from: ["audio", "video"], to: ["mp4", "webm", "mkv", "mov", "avi", "flv"] },
      { slug: "epub-converter", from: ["epub", "fb2", "mobi", "azw3"], to: ["epub", "azw3", "mobi", "fb2", "pdf", "docx", "txt", "html"] },
      { slug: "pdf-converter", from: ["pdf", "docx", "doc", "txt", "png", "jpeg"], to: ["pdf", "docx", "txt", "png", "jpg", "jpeg"] },
      { slug: "xml-converter", from: ["xml", "json", "csv", "html", "txt"], to: ["xml", "json", "csv", "html", "txt"] },
    ]);
  });

  it("pre-bundles the packages the metas' workers declare, each a dependency (vite.config.ts reads workerPackages())", () => {
    expect(workerPackages()).toEqual(expect.arrayContaining(["fflate", "mediabunny", "pdfmake/build/pdfmake.js"]));
    const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    for (const name of workerPackages()) expect(pkg.dependencies[packageName(name)], name).toBeDefined();
  });
});

/** The TypeScript source files under dir, tests aside. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx|mts)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("no other list of tools", () => {
  it("no source file outside app/tools names three or more tool slugs as string literals", () => {
    const slugs = TOOLS.flatMap((t) => [t.slug, ...t.aliases]);
    const files = ["app", "server", "cli", "scripts"].flatMap((dir) => (existsSync(join(REPO, dir)) ? sources(join(REPO, dir)) : []));
    const offenders = files
      .filter((path) => !relative(REPO, path).startsWith(join("app", "tools")))
      .map((path) => {
        const text = readFileSync(path, "utf8");
        return { path: relative(REPO, path), named: slugs.filter((slug) => new RegExp(`["'\`]${slug}["'\`]`).test(text)) };
      })
      .filter((f) => f.named.length >= 3);
    expect(offenders).toEqual([]);
  });
});
