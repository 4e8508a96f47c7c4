// Paths inside an EPUB: manifest hrefs and links are URLs relative to the file that holds them;
// the zip stores plain paths from its root. These resolve one against the other.

/** The folder of a zip path, with its trailing slash ("OEBPS/text/ch1.xhtml" → "OEBPS/text/"). */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash + 1);
}

/** A link with a scheme ("http:", "mailto:", "data:"): not a file of the book. */
export function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("//");
}

/** Splits "a.xhtml#note-1" into its path and fragment (without "#"). */
export function splitFragment(url: string): { path: string; fragment: string } {
  const hash = url.indexOf("#");
  return hash < 0 ? { path: url, fragment: "" } : { path: url.slice(0, hash), fragment: url.slice(hash + 1) };
}

/** A percent-encoded URL part decoded, or kept as it is when its encoding is broken. */
export function safeDecodeUri(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** `relative` (a URL path, percent-encoded) against `folder`; undefined when it climbs out of the zip. */
export function resolvePath(folder: string, relative: string): string | undefined {
  const clean = relative.split("?")[0]!;
  const parts = (clean.startsWith("/") ? clean.slice(1) : folder + clean).split("/");
  const out: string[] = [];
  for (const part of parts) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(safeDecodeUri(part));
  }
  return out.join("/");
}

/** A name safe as a file name in any writer's container: letters, digits and ._- in each segment. */
export function safeHref(path: string): string {
  return path
    .split("/")
    .map((segment) => segment.normalize("NFC").replace(/[^\p{L}\p{N}._-]+/gu, "_").replace(/^\.+/, "_"))
    .filter((segment) => segment !== "")
    .join("/");
}

/** The relative URL from the file `from` to the file `to`, both book hrefs ("a/b.css", "c/d.otf" → "../c/d.otf"). */
export function relativeHref(from: string, to: string): string {
  const fromParts = from.split("/").slice(0, -1);
  const toParts = to.split("/");
  let common = 0;
  while (common < fromParts.length && common < toParts.length - 1 && fromParts[common] === toParts[common]) common++;
  const up = fromParts.slice(common).map(() => "..");
  return [...up, ...toParts.slice(common)].map((part) => (part === ".." ? part : encodeURIComponent(part))).join("/");
}
