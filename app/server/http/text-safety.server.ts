/**
 * Text the databases can hold. PostgreSQL's `text` cannot store U+0000 (a query carrying it fails,
 * a 500), and a lone surrogate is not text at all (the driver would turn it into U+FFFD, so what is
 * stored differs from what was sent). Input carrying either is refused where it enters: a slug is
 * no row (404), a form or an API body is a 400 with UNSTORABLE_TEXT_MESSAGE.
 */

export const UNSTORABLE_TEXT_MESSAGE = "The request contains characters that cannot be stored (a NUL byte or broken text). Remove them and try again.";

/** Well-formed (no lone surrogate) and free of U+0000. */
export function isStorableText(value: string): boolean {
  return value.isWellFormed() && !value.includes("\u0000");
}

/** Nesting beyond this is not walked: the value is refused instead (a parsed JSON body can be deep). */
const MAX_WALK_DEPTH = 64;

/**
 * The first string (key or value) in a parsed JSON value or form that is not storable text, as a
 * short path for logs ("email", "items.2"), or null when everything is storable. Walks without
 * recursion; a value nested deeper than MAX_WALK_DEPTH counts as unstorable.
 */
export function findUnstorableText(value: unknown): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: "", depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === "string") {
      if (!isStorableText(current)) return path || "(value)";
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (depth >= MAX_WALK_DEPTH) return path || "(value)";
    const entries: [string, unknown][] = current instanceof FormData ? [...current.entries()] : Object.entries(current);
    for (const [key, child] of entries) {
      const childPath = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return childPath;
      // a file part: its name is text that may be stored
      if (typeof File !== "undefined" && child instanceof File) {
        if (!isStorableText(child.name)) return childPath;
        continue;
      }
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

/** Whether a URL's path (percent-decoded) and query (keys and values) are storable text. */
export function isStorableUrl(url: URL): boolean {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    // an escape that is not UTF-8 (`%ff`, `%c3%28`)
    return false;
  }
  if (!isStorableText(path)) return false;
  for (const [key, value] of url.searchParams) if (!isStorableText(key) || !isStorableText(value)) return false;
  return true;
}

/** The JSON API's 400 for such text (the auth API's shape: a code and a message). */
export function unstorableTextResponse(): Response {
  return Response.json({ code: "INVALID_TEXT", message: UNSTORABLE_TEXT_MESSAGE }, { status: 400, headers: { "Cache-Control": "no-store" } });
}

/**
 * Whether a JSON request body holds unstorable text, read from a clone (the request stays unread).
 * A body that is not JSON is left to its reader, which refuses it.
 */
export async function jsonBodyHasUnstorableText(request: Request): Promise<boolean> {
  if (!request.body || !/json/i.test(request.headers.get("content-type") ?? "")) return false;
  let value: unknown;
  try {
    value = JSON.parse(await request.clone().text());
  } catch {
    return false;
  }
  return findUnstorableText(value) !== null;
}
