/**
 * The body of a call to a credential endpoint, read once whatever its encoding (JSON, form-encoded
 * or multipart, the three better-auth accepts), so the throttle counts exactly what better-auth will
 * evaluate: the caller hands better-auth a canonical JSON request built from these fields.
 */

export const CREDENTIAL_BODY_MAX_BYTES = 64 * 1024;

export type CredentialFields = Record<string, unknown>;

export type CredentialBody =
  | { ok: true; fields: CredentialFields }
  | { ok: false; status: 400 | 413 | 415; code: string; message: string };

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json$/;

/** Read and parse the body; never throws. */
export async function readCredentialBody(request: Request, maxBytes = CREDENTIAL_BODY_MAX_BYTES): Promise<CredentialBody> {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  const kind = JSON_TYPE.test(mediaType)
    ? "json"
    : mediaType === "application/x-www-form-urlencoded"
      ? "urlencoded"
      : mediaType === "multipart/form-data"
        ? "multipart"
        : null;
  if (!kind) {
    return {
      ok: false,
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "Send the form as JSON, application/x-www-form-urlencoded or multipart/form-data.",
    };
  }
  const bytes = await readBounded(request, maxBytes);
  if (bytes === "too-large") return { ok: false, status: 413, code: "PAYLOAD_TOO_LARGE", message: `The request is too large (the limit here is ${Math.round(maxBytes / 1024)} KB).` };
  if (bytes === "unreadable") return unreadable();
  try {
    if (kind === "json") {
      const value: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
      return value !== null && typeof value === "object" && !Array.isArray(value) ? { ok: true, fields: value as CredentialFields } : unreadable();
    }
    if (kind === "urlencoded") {
      return { ok: true, fields: Object.fromEntries(new URLSearchParams(new TextDecoder("utf-8", { fatal: true }).decode(bytes))) };
    }
    const form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
    const fields: CredentialFields = {};
    for (const [key, value] of form) {
      // credentials are text: a file part is not a password
      if (typeof value !== "string") return unreadable();
      fields[key] = value;
    }
    return { ok: true, fields };
  } catch {
    return unreadable();
  }
}

function unreadable(): CredentialBody {
  return { ok: false, status: 400, code: "INVALID_BODY", message: "The request body could not be read. Please try again." };
}

/** The whole body, or a reason it was not read: more than `maxBytes` or a broken stream. */
async function readBounded(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | "too-large" | "unreadable"> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return "too-large";
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return "too-large";
      }
      chunks.push(value);
    }
  } catch {
    return "unreadable";
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** A JSON request to the same URL with the same headers, carrying `fields`: what better-auth evaluates. */
export function canonicalJsonRequest(request: Request, fields: CredentialFields): Request {
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(fields), signal: request.signal });
}
