// How a file tool says which files it accepts, and the one check of a chosen file against it. The
// rules themselves live in each tool's meta.ts (the product's own refusal texts are used as
// written; where it has none the text is ours, in the same style).

export interface FileAccept {
  /** lower-case extensions without the dot ("dds", "tar.gz"); the name must end in one of them */
  extensions: string[];
  /** MIME type prefixes that are accepted whatever the name ("audio/", "image/avif") */
  mimePrefixes?: string[];
  invalidTitle: string;
  invalidDescription: string;
  noFileTitle: string;
  noFileDescription: string;
  /** what the drop zone says it takes, where the list of extensions is too long to read */
  acceptedLabel?: string;
}

export interface FileLike {
  name: string;
  type: string;
  size: number;
}

export type FileCheck = { ok: true } | { ok: false; title: string; description: string };

export const INVALID_FILE_TITLE = "Invalid file type";
export const NO_FILE_TITLE = "No File Selected";
export const EMPTY_FILE_TITLE = "Empty file";
export const EMPTY_FILE_DESCRIPTION = "The selected file is empty (0 bytes). Please select a file with content.";

/** A file tool's accept rule, from the meta its page is handed; registry.test.ts proves every file tool has one. */
export function acceptOf(tool: { slug: string; accept?: FileAccept }): FileAccept {
  if (!tool.accept) throw new Error(`The file tool "${tool.slug}" has no accept rule.`);
  return tool.accept;
}

/** Is the file one the tool accepts? A missing file gets the tool's "no file" texts, an empty one a clear refusal. */
export function checkFile(file: FileLike | null | undefined, accept: FileAccept): FileCheck {
  if (!file) return { ok: false, title: accept.noFileTitle, description: accept.noFileDescription };
  if (!matchesAccept(file, accept)) return { ok: false, title: accept.invalidTitle, description: accept.invalidDescription };
  if (file.size <= 0) return { ok: false, title: EMPTY_FILE_TITLE, description: EMPTY_FILE_DESCRIPTION };
  return { ok: true };
}

export function matchesAccept(file: Pick<FileLike, "name" | "type">, accept: Pick<FileAccept, "extensions" | "mimePrefixes">): boolean {
  const name = file.name.toLowerCase();
  if (accept.extensions.some((ext) => name.endsWith(`.${ext.toLowerCase()}`))) return true;
  const type = file.type.toLowerCase();
  return type !== "" && (accept.mimePrefixes ?? []).some((prefix) => type.startsWith(prefix.toLowerCase()));
}

/** What the drop zone lists after "Accepted:": the rule's own words, or its extensions. */
export function acceptedText(accept: Pick<FileAccept, "extensions" | "acceptedLabel">): string {
  return accept.acceptedLabel ?? accept.extensions.map((ext) => ext.toUpperCase()).join(", ");
}

/** The value for `<input type="file" accept>`: ".mp3,.wav,audio/*". */
export function acceptAttribute(accept: Pick<FileAccept, "extensions" | "mimePrefixes">): string {
  const mimes = (accept.mimePrefixes ?? []).map((prefix) => (prefix.endsWith("/") ? `${prefix}*` : prefix));
  return [...accept.extensions.map((ext) => `.${ext}`), ...mimes].join(",");
}

export interface AcceptTexts {
  invalidDescription: string;
  noFileDescription: string;
  invalidTitle?: string;
  noFileTitle?: string;
  acceptedLabel?: string;
}

/** A tool's rule: the shared titles unless the spec gives the tool its own. */
export function acceptRule(extensions: string[], texts: AcceptTexts, mimePrefixes?: string[]): FileAccept {
  return {
    extensions,
    ...(mimePrefixes ? { mimePrefixes } : {}),
    invalidTitle: texts.invalidTitle ?? INVALID_FILE_TITLE,
    invalidDescription: texts.invalidDescription,
    noFileTitle: texts.noFileTitle ?? NO_FILE_TITLE,
    noFileDescription: texts.noFileDescription,
    ...(texts.acceptedLabel ? { acceptedLabel: texts.acceptedLabel } : {}),
  };
}
