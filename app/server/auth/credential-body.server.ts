/**
 * The body of a call to a credential endpoint, read once whatever its encoding (JSON, form-encoded
 * or multipart, the three better-auth accepts), so the throttle counts exactly what better-auth will
 * evaluate: the caller hands better-auth a canonical JSON request built from these fields.
 */
import { mediaType, parseFormBytes, readBodyBytes } from "#app/server/http/request-body.server.ts";

export const CREDENTIAL_BODY_MAX_BYTES = 64 * 1024;
/** Credential fields are flat text; a little nesting is tolerated (better-auth answers it), thousands of levels are not. */
export const CREDENTIAL_BODY_MAX_DEPTH = 16;

export type CredentialFields = Record<string, unknown>;

export type CredentialBody =
  | { ok: true; fields: CredentialFields }
  | { ok: false; status: 400 | 413 | 415; code: string; message: string };

/**
 * How deeply `json` nests objects and arrays, counted on the text before anything parses, walks or
 * stringifies it (a recursive walk of 5,000 levels overflows the stack); stops counting past `limit`.
 */
export function jsonDepthExceeds(json: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json$/;

/** Read and parse the body; never throws. */
export async function readCredentialBody(request: Request, maxBytes = CREDENTIAL_BODY_MAX_BYTES): Promise<CredentialBody> {
  const contentType = request.headers.get("content-type");
  const type = mediaType(contentType);
  const json = JSON_TYPE.test(type);
  if (!json && type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    return {
      ok: false,
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "Send the form as JSON, application/x-www-form-urlencoded or multipart/form-data.",
    };
  }
  const bytes = await readBodyBytes(request, maxBytes);
  if (bytes === "too-large") return { ok: false, status: 413, code: "PAYLOAD_TOO_LARGE", message: `The request is too large (the limit here is ${Math.round(maxBytes / 1024)} KB).` };
  if (bytes === "unreadable") return unreadable();
  if (json) {
    try {
      const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      if (jsonDepthExceeds(text, CREDENTIAL_BODY_MAX_DEPTH)) return { ok: false, status: 400, code: "BODY_TOO_DEEP", message: "The request body is nested too deeply." };
      const value: unknown = JSON.parse(text);
      return value !== null && typeof value === "object" && !Array.isArray(value) ? { ok: true, fields: value as CredentialFields } : unreadable();
    } catch {
      return unreadable();
    }
  }
  const form = await parseFormBytes(bytes, contentType);
  if (!form) return unreadable();
  const fields: CredentialFields = {};
  for (const [key, value] of form) {
    // credentials are text: a file part is not a password
    if (typeof value !== "string") return unreadable();
    fields[key] = value;
  }
  return { ok: true, fields };
}

function unreadable(): CredentialBody {
  return { ok: false, status: 400, code: "INVALID_BODY", message: "The request body could not be read. Please try again." };
}

/** A JSON request to the same URL with the same headers, carrying `fields`: what better-auth evaluates. */
export function canonicalJsonRequest(request: Request, fields: CredentialFields): Request {
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(fields), signal: request.signal });
}
