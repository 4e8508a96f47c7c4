// Reading a request body without trusting it: bounded whatever Content-Length claims, and parsed
// without throwing. Admin actions (admin/form.server.ts) and the credential endpoints
// (auth/credential-body.server.ts) both read through here.

/** Largest request body per path (the Express body limit in server/body-limit.ts enforces the same): auth calls are tiny JSON; admin forms carry images (≤ 12 MB). */
export function bodyLimitFor(path: string): number {
  if (path.startsWith("/api/auth/")) return 64 * 1024;
  if (path === "/admin" || path.startsWith("/admin/")) return 16 * 1024 * 1024;
  return 1024 * 1024;
}

/** The media type of a Content-Type header, lower-cased, without parameters; "" when there is none. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * The whole body, or why not: "too-large" past `maxBytes` (a declared Content-Length is refused
 * before reading; a chunked body is counted as it arrives), "unreadable" when the stream broke off.
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | "too-large" | "unreadable"> {
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return "too-large";
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return "too-large";
      }
      chunks.push(value);
    }
  } catch {
    return "unreadable";
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * A form body (multipart/form-data by its Content-Type, otherwise application/x-www-form-urlencoded)
 * as FormData, or null when it does not parse: a bad or missing boundary, a cut-off part, text that
 * is not UTF-8.
 */
export async function parseFormBytes(bytes: Uint8Array<ArrayBuffer>, contentType: string | null): Promise<FormData | null> {
  try {
    return mediaType(contentType) === "multipart/form-data"
      ? await new Response(bytes, { headers: { "Content-Type": contentType ?? "" } }).formData()
      : parseUrlEncoded(bytes);
  } catch {
    return null;
  }
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const hexValue = (byte: number | undefined) =>
  byte === undefined ? -1 : byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66 ? (byte | 0x20) - 0x57 : -1;

/** "+" as space and %XX escapes decoded, then UTF-8 that must be valid (the platform's parser would put U+FFFD in silently). */
function decodeFormComponent(bytes: Uint8Array): string {
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    const high = byte === 0x25 ? hexValue(bytes[i + 1]) : -1;
    const low = high >= 0 ? hexValue(bytes[i + 2]) : -1;
    if (low >= 0) {
      out[n++] = high * 16 + low;
      i += 2;
    } else out[n++] = byte === 0x2b ? 0x20 : byte;
  }
  return strictUtf8.decode(out.subarray(0, n));
}

/**
 * application/x-www-form-urlencoded as the URL standard parses it, except that bytes which are not
 * UTF-8 throw instead of becoming U+FFFD.
 */
export function parseUrlEncoded(bytes: Uint8Array): FormData {
  const form = new FormData();
  let start = 0;
  while (start <= bytes.length) {
    let end = bytes.indexOf(0x26, start);
    if (end < 0) end = bytes.length;
    const pair = bytes.subarray(start, end);
    if (pair.length > 0) {
      const eq = pair.indexOf(0x3d);
      form.append(decodeFormComponent(eq < 0 ? pair : pair.subarray(0, eq)), eq < 0 ? "" : decodeFormComponent(pair.subarray(eq + 1)));
    }
    start = end + 1;
  }
  return form;
}
