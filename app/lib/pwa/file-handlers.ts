// The manifest's "Open with" and "Share" members, derived from the file tools' accept rules (their
// meta.ts): every extension a file tool reads is registered with the operating system, grouped by
// kind, and every launch goes to the launch page (/open), which picks the tool (./open-with.ts).
// The web app manifest (./manifest.ts) puts `fileHandlers()` and `shareTarget()` in as they are.
import { TOOLS } from "#app/tools/registry.ts";
import type { ToolMeta } from "#app/tools/types.ts";
import { FORMAT_GROUPS, fileTypeOf, type FormatGroup } from "./file-types.ts";
import { OPEN_ACTION, SHARE_FILES_FIELD, SHARE_TARGET_ACTION } from "./launch-paths.ts";

/** One entry of the manifest's file_handlers (https://developer.mozilla.org/docs/Web/Manifest/file_handlers). */
export interface ManifestFileHandler {
  action: string;
  name: string;
  /** MIME type → extensions, each starting with "." */
  accept: Record<string, string[]>;
}

export interface ManifestShareTarget {
  action: string;
  method: "POST";
  enctype: "multipart/form-data";
  params: { files: { name: string; accept: string[] }[] };
}

/** The file tools (those with an accept rule), in catalogue order. */
export function fileTools(tools: readonly ToolMeta[] = TOOLS): ToolMeta[] {
  return tools.filter((tool) => tool.kind === "file" && tool.accept !== undefined);
}

/** Every extension some file tool reads, once each, in catalogue order of the first tool reading it. */
export function readableExtensions(tools: readonly ToolMeta[] = TOOLS): string[] {
  return [...new Set(fileTools(tools).flatMap((tool) => tool.accept?.extensions.map((ext) => ext.toLowerCase()) ?? []))];
}

/** The readable extensions of each group, for the manifest and for the launch page's "what the site opens". */
export function extensionsByGroup(tools: readonly ToolMeta[] = TOOLS): { group: FormatGroup; extensions: string[] }[] {
  const extensions = readableExtensions(tools);
  return FORMAT_GROUPS.map((group) => ({ group, extensions: extensions.filter((ext) => fileTypeOf(ext).group === group) })).filter(
    (entry) => entry.extensions.length > 0,
  );
}

/** The manifest's file_handlers: one handler per group of formats, each keyed by MIME type, all sent to /open. */
export function fileHandlers(tools: readonly ToolMeta[] = TOOLS): ManifestFileHandler[] {
  return extensionsByGroup(tools).map(({ group, extensions }) => {
    const accept: Record<string, string[]> = {};
    for (const ext of extensions) (accept[fileTypeOf(ext).mime] ??= []).push(`.${ext}`);
    return { action: OPEN_ACTION, name: group, accept };
  });
}

/**
 * The manifest's share_target: files posted to /share-target, accepted by MIME type (what Android
 * matches shared files by, with the wildcards the tools' rules take whole) and by extension.
 */
export function shareTarget(tools: readonly ToolMeta[] = TOOLS): ManifestShareTarget {
  const extensions = readableExtensions(tools);
  const wildcards = [...new Set(fileTools(tools).flatMap((tool) => (tool.accept?.mimePrefixes ?? []).filter((p) => p.endsWith("/")).map((p) => `${p}*`)))];
  const types = [...new Set(extensions.map((ext) => fileTypeOf(ext).mime))];
  return {
    action: SHARE_TARGET_ACTION,
    method: "POST",
    enctype: "multipart/form-data",
    // files only: naming title, text or url would offer the app for sharing links and text too
    params: { files: [{ name: SHARE_FILES_FIELD, accept: [...wildcards, ...types, ...extensions.map((ext) => `.${ext}`)] }] },
  };
}
