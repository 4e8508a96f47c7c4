// The built stylesheet's text for ./inline-css.tsx, read once from build/client (the folder
// server.js serves, relative to the working directory as there).
import { readFileSync } from "node:fs";
import path from "node:path";

const cache = new Map<string, string>();

/** The text of the asset at `url` (e.g. /assets/app-abc.css). Throws when the build lacks it. */
export function builtStylesheet(url: string): string {
  let css = cache.get(url);
  if (css === undefined) {
    css = readFileSync(path.join(path.resolve("build/client"), path.posix.normalize(url).replace(/^\/+/, "")), "utf8");
    cache.set(url, css);
  }
  return css;
}
