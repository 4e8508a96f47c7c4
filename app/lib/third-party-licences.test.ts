import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_LICENCE, THIRD_PARTY_PACKAGES } from "./third-party-licences.ts";

const ROOT = join(import.meta.dirname, "..", "..");

interface PackageJson {
  name: string;
  version: string;
  license?: string;
  dependencies?: Record<string, string>;
}

function readPackage(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as PackageJson;
}

const project = readPackage(ROOT);
const dependencies = Object.keys(project.dependencies ?? {});

/** Node's lookup: the nearest node_modules/<name> from `fromDir` up to the root. */
function resolvePackageDir(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dir === ROOT || dir === dirname(dir)) throw new Error(`${name} is not installed (needed from ${relative(ROOT, fromDir)})`);
  }
}

/** Source files whose code can reach a browser: not server-only modules, not tests. */
function clientSourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(ROOT, "app", "server") ? [] : clientSourceFiles(path);
    if (!/\.tsx?$/.test(entry.name) || /\.server\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [path];
  });
}

// Route modules whose import serves only their loader or action, which React Router's build
// removes from the browser bundle. Keyed by file, so the same package imported elsewhere still counts.
const SERVER_ONLY_IMPORTS: Record<string, readonly string[]> = {
  "app/routes/admin/users.tsx": ["better-auth"], // isAPIError in the action
  "app/routes.ts": ["@react-router/dev"], // the route table is read at build time
};

// import x from "p", import { x } from "p", export * from "p", import "p", import("p"); not `import type`
const IMPORT_RE = /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function packageOf(specifier: string): string | null {
  if (/^(\.|#|node:|\/)/.test(specifier) || specifier.startsWith("virtual:")) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? null);
}

function clientImports(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of [...clientSourceFiles(join(ROOT, "app")), ...clientSourceFiles(join(ROOT, "codecs"))]) {
    const rel = relative(ROOT, file);
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT_RE)) {
      if (match[1]) continue;
      const name = packageOf(match[2] ?? match[3] ?? "");
      if (!name || !dependencies.includes(name) || SERVER_ONLY_IMPORTS[rel]?.includes(name)) continue;
      found.set(name, [...(found.get(name) ?? []), rel]);
    }
  }
  return found;
}

// Licences GPL-3.0-or-later code may be combined with (FSF's list of GPL-compatible licences).
const GPL3_COMPATIBLE = new Set([
  "MIT", "MIT-0", "ISC", "BSD-2-Clause", "BSD-3-Clause", "0BSD", "Apache-2.0", "MPL-2.0", "Unlicense", "Zlib", "WTFPL", "FTL",
  "CC0-1.0", "BlueOak-1.0.0", "Python-2.0", "LGPL-2.0-or-later", "LGPL-2.1-or-later", "LGPL-3.0-or-later", "GPL-2.0-or-later", "GPL-3.0-or-later",
]);

/** The font packages we serve as they are (`fonts: true`), whose OFL-1.1 allows bundling with any software. */
const FONT_PACKAGES = new Set(THIRD_PARTY_PACKAGES.filter((p) => p.fonts).map((p) => p.name));

/** An SPDX expression is compatible when every term of an AND is, and one side of each OR is. */
function compatible(expression: string, fonts = false): boolean {
  const text = expression.trim().replace(/^\((.*)\)$/, "$1");
  if (/\sOR\s/.test(text)) return text.split(/\s+OR\s+/).some((part) => compatible(part, fonts));
  if (/\sAND\s/.test(text)) return text.split(/\s+AND\s+/).every((part) => compatible(part, fonts));
  return GPL3_COMPATIBLE.has(text) || (fonts && text === "OFL-1.1");
}

// Packages whose package.json names no SPDX licence: the licence of their LICENSE file, which must
// still hold the phrase given (a new version with another licence fails here).
const LICENCE_FROM_FILE: Record<string, { licence: string; phrase: string }> = {
  "duck@0.1.12": { licence: "BSD-2-Clause", phrase: "Redistributions in binary form must reproduce the above copyright" },
  "png-js@1.1.0": { licence: "MIT", phrase: "Permission is hereby granted, free of charge" },
};

/** A package's licence: its package.json's, or its LICENSE file's when LICENCE_FROM_FILE names it. */
function licenceOf(dir: string): string {
  const pkg = readPackage(dir);
  const fromFile = LICENCE_FROM_FILE[`${pkg.name}@${pkg.version}`];
  if (!fromFile) return pkg.license ?? "";
  expect(readFileSync(join(dir, "LICENSE"), "utf8").replace(/\s+/g, " "), `${pkg.name}'s LICENSE`).toContain(fromFile.phrase);
  return fromFile.licence;
}

describe("third-party licences", () => {
  it("the project is GPL-3.0-or-later, in package.json and LICENSE", () => {
    expect(project.license).toBe(PROJECT_LICENCE);
    const licence = readFileSync(join(ROOT, "LICENSE"), "utf8");
    expect(licence).toContain("GNU GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007");
    expect(licence).toContain("END OF TERMS AND CONDITIONS");
  });

  it("lists each package once, with the version and licence installed", () => {
    const names = THIRD_PARTY_PACKAGES.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const listed of THIRD_PARTY_PACKAGES) {
      const installed = readPackage(resolvePackageDir(listed.name, ROOT));
      expect({ name: listed.name, version: listed.version, licence: listed.licence }).toEqual({
        name: installed.name,
        version: installed.version,
        licence: installed.license,
      });
      expect(listed.source).toMatch(/^https:\/\//);
      expect(dependencies, `${listed.name} is not in package.json dependencies`).toContain(listed.name);
    }
  });

  it("lists every dependency that code sent to browsers imports", () => {
    const imports = clientImports();
    // the scan must see the packages we know the pages use, or it is not scanning
    expect([...imports.keys()]).toEqual(expect.arrayContaining(["react", "react-router", "lucide-react", "fflate"]));
    const listed = new Set(THIRD_PARTY_PACKAGES.map((p) => p.name));
    const missing = [...imports].filter(([name]) => !listed.has(name)).map(([name, files]) => `${name} (imported by ${files[0]})`);
    expect(missing).toEqual([]);
  });

  it("every listed licence, and every runtime dependency's, can be combined with GPL-3.0-or-later", () => {
    for (const listed of THIRD_PARTY_PACKAGES) {
      expect(compatible(listed.licence, listed.fonts === true), listed.name).toBe(true);
      for (const part of listed.bundles ?? []) expect(compatible(part.licence), `${part.name} in ${listed.name}`).toBe(true);
    }
    // walk the installed tree of "dependencies", as npm would install it for production
    const seen = new Map<string, string>();
    const walk = (name: string, fromDir: string): void => {
      const dir = resolvePackageDir(name, fromDir);
      if (seen.has(dir)) return;
      const pkg = readPackage(dir);
      seen.set(dir, `${pkg.name}@${pkg.version}: ${pkg.license ?? "no licence field"}`);
      for (const child of Object.keys(pkg.dependencies ?? {})) walk(child, dir);
    };
    for (const name of dependencies) walk(name, ROOT);
    expect(seen.size).toBeGreaterThan(dependencies.length);
    const incompatible = [...seen].filter(([dir]) => !compatible(licenceOf(dir), FONT_PACKAGES.has(readPackage(dir).name))).map(([, line]) => line);
    expect(incompatible).toEqual([]);
  });

  it("the ffmpeg core's entry names what its WebAssembly was configured with", () => {
    const core = THIRD_PARTY_PACKAGES.find((p) => p.name === "@ffmpeg/core");
    const wasm = readFileSync(join(resolvePackageDir("@ffmpeg/core", ROOT), "dist", "esm", "ffmpeg-core.wasm")).toString("latin1");
    const configure = /--target-os=none[^\0]*/.exec(wasm)?.[0] ?? "";
    expect(configure).toContain("--enable-gpl");
    const version = /%s version (\d+\.\d+\.\d+)/.exec(wasm)?.[1];
    const bundles = (core?.bundles ?? []).map((b) => b.name);
    expect(bundles).toContain(`FFmpeg n${version}`);
    // configure's --enable-<lib> flag -> the name our entry gives that library
    const names: Record<string, string> = {
      libx264: "x264", libx265: "x265", libvpx: "libvpx", libmp3lame: "LAME", libtheora: "libtheora", libvorbis: "libvorbis",
      libopus: "Opus", zlib: "zlib", libwebp: "libwebp", libfreetype: "FreeType", libfribidi: "FriBidi", libass: "libass", libzimg: "zimg",
    };
    const enabled = [...configure.matchAll(/--enable-((?:lib)?\w+)/g)].map((m) => m[1] ?? "").filter((flag) => flag.startsWith("lib") || flag === "zlib");
    expect(enabled.length).toBeGreaterThan(10);
    for (const flag of enabled) {
      const name = names[flag];
      expect(name, `--enable-${flag} has no name in this test`).toBeDefined();
      expect(bundles.some((b) => b.startsWith(`${name} `) || b === name), `${name} (--enable-${flag}) missing from @ffmpeg/core's bundles`).toBe(true);
    }
  });
});
