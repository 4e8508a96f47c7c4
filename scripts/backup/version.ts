import { readFileSync } from "node:fs";

/** This site's name and version from package.json, recorded in each manifest. */
export function toolVersion(): { name: string; version: string } {
  const json = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { name?: unknown; version?: unknown };
  return { name: typeof json.name === "string" ? json.name : "tools-site", version: typeof json.version === "string" ? json.version : "unknown" };
}
