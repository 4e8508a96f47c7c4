// The layers' import rules (issue 27, ARCHITECTURE.md), checked on the source itself: every import
// of every file is read with rolldown's parser (oxc), resolved to a repository path and held to
// RULES, and test code left in the production folders is found from who imports it.
// tests/unit/dependency-rules.test.ts runs it on the repository and on made-up files.
// import-aliases: leave this file (it quotes made-up imports as data)
import { readdirSync, readFileSync } from "node:fs";
import { posix } from "node:path";
import { parseSync } from "rolldown/experimental";
import { ALIASES } from "../../scripts/codemods/import-aliases.ts";

/** How a file reaches another: `type` is erased at build time, the others load code. */
export type ImportKind = "static" | "type" | "dynamic" | "worker" | "glob";

export interface ImportRef {
  specifier: string;
  kind: ImportKind;
  line: number;
}

export interface Violation {
  rule: string;
  file: string;
  line: number;
  /** the import that breaks the rule (`static import "#tests/x.ts"`), or what the file is */
  what: string;
}

/** The folders package.json "imports" maps (`#app/...` is app/...). */
const ALIASED_FOLDERS = Object.keys(ALIASES);
const PROBES = [".ts", ".tsx", ".js", ".mjs", "/index.ts", "/index.tsx", "/index.js"];
/** Packages only tests run with: a production file importing one imports test code. */
const TEST_PACKAGES = new Set(["vitest", "@playwright/test", "fast-check"]);

/** Test code: tests/, test files and specs, test-helpers/test-support modules, the test runners'
 * configs, and the browser-test harness routes (app/routes/test/, routed only in the e2e build). */
export function isTestCode(path: string): boolean {
  return (
    path.startsWith("tests/") ||
    path.startsWith("app/routes/test/") ||
    /\.(test|spec)\.[cm]?[jt]sx?$/.test(path) ||
    /(^|[/.-])test-(helpers|support)([.-][^/]*)?\.[cm]?[jt]sx?$/.test(path) ||
    /^(playwright|vitest)[^/]*\.config\.[cm]?[jt]s$/.test(path)
  );
}

/** What ships or runs for users: neither test code nor the benchmarks and corpus runner. */
export function isProduction(path: string): boolean {
  return !isTestCode(path) && !path.startsWith("bench/") && !/^scripts\/corpus(\/|\.)/.test(path);
}

/** Server code: the Express layer, what loaders and actions call, and any `.server` module. */
export function isServerCode(path: string): boolean {
  return path.startsWith("server/") || path.startsWith("app/server/") || /\.server\.[cm]?[jt]sx?$/.test(path);
}

const lineAt = (source: string, offset: number) => source.slice(0, offset).split("\n").length;

/** Every import of one file: static (type-only told apart), re-exports, dynamic `import()`, TypeScript
 * `import("x")` types, workers and assets (`new URL("x", import.meta.url)`) and `import.meta.glob`. */
export function readImports(file: string, source: string): ImportRef[] {
  const parsed = parseSync(file, source);
  if (parsed.errors.length > 0) throw new Error(`${file}: ${parsed.errors[0]?.message ?? "parse error"}`);
  const { module, comments } = parsed;
  const inComment = (offset: number) => comments.some((c) => offset >= c.start && offset < c.end);
  const refs: ImportRef[] = [];
  for (const statement of module.staticImports) {
    // `import type {a}` and `import {type a}` alone are erased; `import "x"` (no entries) loads code
    const typeOnly = statement.entries.length > 0 && statement.entries.every((e) => e.isType);
    refs.push({ specifier: statement.moduleRequest.value, kind: typeOnly ? "type" : "static", line: lineAt(source, statement.start) });
  }
  for (const statement of module.staticExports) {
    const from = statement.entries.filter((e) => e.moduleRequest);
    const request = from[0]?.moduleRequest;
    if (!request) continue;
    refs.push({ specifier: request.value, kind: from.every((e) => e.isType) ? "type" : "static", line: lineAt(source, statement.start) });
  }
  const dynamicStarts = new Set<number>();
  for (const call of module.dynamicImports) {
    dynamicStarts.add(call.start);
    const text = source.slice(call.moduleRequest.start, call.moduleRequest.end);
    // a computed import (`#app/${file}`) is judged by its fixed start; a variable cannot be
    const literal = /^(["'])(.*)\1$/s.exec(text)?.[2] ?? /^`([^`$]*)/.exec(text)?.[1];
    if (literal) refs.push({ specifier: literal, kind: "dynamic", line: lineAt(source, call.start) });
  }
  const scan = (pattern: RegExp, kind: ImportKind, take: (match: RegExpMatchArray) => string[]) => {
    for (const match of source.matchAll(pattern)) {
      const at = match.index ?? 0;
      if (inComment(at) || dynamicStarts.has(at)) continue;
      for (const specifier of take(match)) refs.push({ specifier, kind, line: lineAt(source, at) });
    }
  };
  // what is left of `import("x")` once the value imports are known: TypeScript's import types
  scan(/\bimport\(\s*(["'])([^"'\n]+)\1\s*\)/g, "type", (m) => [m[2] ?? ""]);
  scan(/\bnew\s+URL\(\s*(["'])([^"'\n]+)\1\s*,\s*import\.meta\.url\s*\)/g, "worker", (m) => [m[2] ?? ""]);
  scan(/\bimport\.meta\.glob(?:<[^>]*>)?\(\s*(\[[^\]]*\]|(["'])[^"'\n]*\2)/g, "glob", (m) =>
    [...(m[1] ?? "").matchAll(/(["'])([^"'\n]+)\1/g)].map((s) => s[2] ?? "").filter((s) => !s.startsWith("!")),
  );
  return refs.toSorted((a, b) => a.line - b.line);
}

/** The repository path an import names (extension probed), or null for a package. */
export function resolveImport(specifier: string, file: string, isFile: (path: string) => boolean): string | null {
  const path = specifier.split(/[?]/, 1)[0] ?? specifier;
  let target: string;
  const alias = /^#([^/]+)\/(.*)$/.exec(path);
  if (alias && ALIASED_FOLDERS.includes(alias[1] ?? "")) target = `${alias[1]}/${alias[2]}`;
  else if (path.startsWith("./") || path.startsWith("../")) target = posix.normalize(posix.join(posix.dirname(file), path));
  else return null;
  if (isFile(target)) return target;
  return PROBES.map((probe) => target + probe).find(isFile) ?? target;
}

/** A package's name from a bare specifier (`@scope/name/sub` -> `@scope/name`). */
const packageName = (specifier: string) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

interface Rule {
  name: string;
  /** True when the import from `file` to `target` (a repository path, or null for a package) breaks the rule. */
  breaks(file: string, target: string | null, ref: ImportRef): boolean;
}

const inFolder = (path: string | null, ...folders: string[]) => path !== null && folders.some((folder) => path.startsWith(`${folder}/`));

/** The rules, for production files: tests beside the code may reach anything they test. */
export const RULES: readonly Rule[] = [
  {
    name: "codecs/ is pure: it imports nothing from app/, server/, cli/ or tests/",
    breaks: (file, target) => file.startsWith("codecs/") && inFolder(target, "app", "server", "cli", "tests"),
  },
  {
    name: "app/tools/ runs in the browser and the CLI: it imports nothing from app/server/",
    breaks: (file, target) => file.startsWith("app/tools/") && inFolder(target, "app/server"),
  },
  {
    name: "app/components/ imports server code only as types",
    breaks: (file, target, ref) => file.startsWith("app/components/") && ref.kind !== "type" && target !== null && isServerCode(target),
  },
  {
    name: "production code imports no test code (tests/, test files, test-helpers/test-support, test packages)",
    breaks: (_file, target, ref) => (target === null ? TEST_PACKAGES.has(packageName(ref.specifier)) : isTestCode(target)),
  },
  {
    // the public shell is in every public page's JavaScript: admin forms (and zod with them) once
    // came in through an ad slot's labels, adding 19 KB and a CSP eval report to every page
    name: "the public shell (app/components/site/) imports no admin module and no zod, except as types",
    breaks: (file, target, ref) =>
      file.startsWith("app/components/site/") && ref.kind !== "type" && (target === null ? packageName(ref.specifier) === "zod" : inFolder(target, "app/lib/admin", "app/components/admin")),
  },
];

/** The rule that needs the whole graph: test code found in the production folders. */
export const ONLY_TESTS_RULE = "a module of app/, codecs/, server/ or cli/ that only test code, bench/ or the corpus runner imports belongs under tests/";
// loaded by name (React Router reads the route config and its modules), not imported
const ENTRY = /^app\/(routes\.ts|routes\/|root\.tsx|entry\.)/;

/** Every broken rule in a set of files (repository path -> source). */
export function checkSources(sources: ReadonlyMap<string, string>): Violation[] {
  const isFile = (path: string) => sources.has(path);
  const violations: Violation[] = [];
  const importers = new Map<string, Set<string>>();
  for (const [file, source] of sources) {
    if (file.endsWith(".d.ts")) continue;
    for (const ref of readImports(file, source)) {
      const target = resolveImport(ref.specifier, file, isFile);
      if (target !== null && target !== file) importers.set(target, (importers.get(target) ?? new Set()).add(file));
      if (!isProduction(file)) continue;
      for (const rule of RULES) if (rule.breaks(file, target, ref)) violations.push({ rule: rule.name, file, line: ref.line, what: `${ref.kind} import "${ref.specifier}"` });
    }
  }
  for (const [file, by] of importers) {
    if (!sources.has(file) || !isProduction(file) || ENTRY.test(file) || !/^(app|codecs|server|cli)\//.test(file)) continue;
    if ([...by].every((importer) => !isProduction(importer))) violations.push({ rule: ONLY_TESTS_RULE, file, line: 1, what: `imported only by ${[...by].toSorted().join(", ")}` });
  }
  return violations;
}

const SOURCE = /\.[cm]?[jt]sx?$/;
const CODE_FOLDERS = ["app", "codecs", "server", "cli", "tests", "bench", "scripts"];
const SKIP = new Set(["node_modules", "build", ".react-router"]);

/** The repository's source files (its code folders and top-level files), read from `root`. */
export function repositorySources(root: string): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (dir: string, deep: boolean) => {
    for (const entry of readdirSync(posix.join(root, dir), { withFileTypes: true })) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (deep && !SKIP.has(entry.name)) walk(path, true);
      } else if (SOURCE.test(entry.name)) sources.set(path, readFileSync(posix.join(root, path), "utf8"));
    }
  };
  walk("", false);
  for (const folder of CODE_FOLDERS) walk(folder, true);
  return sources;
}

export const describeViolation = (v: Violation) => `${v.file}:${v.line} ${v.what} breaks: ${v.rule}`;
