// POST /admin/api/upload: image uploads from the rich text editor and the admin forms.
// multipart/form-data with `file` (the image), `prefix` (one of UPLOAD_PREFIXES) and optional
// `alt` and `caption` (kept in the media library) →
// 200 { url, key, id, width, height } (id: the media library row) | 400/401/403/405/413/415 { message }. A JSON API: no redirects, even for anonymous callers.
import { ACCESS_DENIED_TEXT, isAccessDenied } from "#app/lib/access-denied.ts";
import { mediaTextSchema } from "#app/lib/admin/media-form.ts";
import { readFormBody } from "#app/server/admin/form.server.ts";
import { requireAdmin, type SessionInfo } from "#app/server/auth/session.server.ts";
import { services } from "#app/server/services.server.ts";
import { DEFAULT_MAX_UPLOAD_BYTES, UPLOAD_PREFIXES, UploadError, uploadImage, type UploadPrefix } from "#app/server/storage/uploads.server.ts";
import type { Route } from "./+types/api.upload";

const SIGN_IN_MESSAGE = "Please sign in as an admin.";
const NO_ADMIN_MESSAGE = ACCESS_DENIED_TEXT;

/** Per-prefix size limits (all the 5 MB default today; editor images 5 MB). */
const MAX_BYTES: Record<UploadPrefix, number> = {
  "site-assets/": DEFAULT_MAX_UPLOAD_BYTES,
  "site-assets/editor-images/": DEFAULT_MAX_UPLOAD_BYTES,
  "site-assets/og-images/": DEFAULT_MAX_UPLOAD_BYTES,
  "blog-thumbnails/": DEFAULT_MAX_UPLOAD_BYTES,
};
/** Room for the multipart framing and the prefix field around the largest file. */
const MULTIPART_OVERHEAD = 64 * 1024;
const MAX_BODY_BYTES = Math.max(...Object.values(MAX_BYTES)) + MULTIPART_OVERHEAD;

const json = (body: unknown, status: number, headers?: HeadersInit) => {
  const out = new Headers(headers);
  out.set("Cache-Control", "no-store");
  return Response.json(body, { status, headers: out });
};

const isUploadPrefix = (value: unknown): value is UploadPrefix => typeof value === "string" && (UPLOAD_PREFIXES as readonly string[]).includes(value);

const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;
const tooLarge = (bytes: number | null) =>
  `The file is too large${bytes ? ` (${kb(bytes)})` : ""}. The limit is ${kb(DEFAULT_MAX_UPLOAD_BYTES)}.`;

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdminJson(request);
  if (session instanceof Response) return session;
  return json({ message: "Use POST with multipart/form-data to upload an image." }, 405, { Allow: "POST" });
}

/**
 * requireAdmin, answered as JSON: its redirect to /auth becomes 401, its Access Denied (the session
 * kept) becomes 403.
 */
async function requireAdminJson(request: Request): Promise<SessionInfo | Response> {
  try {
    return await requireAdmin(request);
  } catch (thrown) {
    if (isThrownData(thrown) && isAccessDenied({ status: thrown.init?.status ?? 0, data: thrown.data })) return json({ message: NO_ADMIN_MESSAGE }, 403);
    if (!(thrown instanceof Response) || thrown.status < 300 || thrown.status >= 400) throw thrown;
    return json({ message: SIGN_IN_MESSAGE }, 401);
  }
}

/** A data() answer thrown by a guard. */
const isThrownData = (value: unknown): value is { data: unknown; init: { status?: number } | null } =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminJson(request);
  if (session instanceof Response) return session;
  if (request.method !== "POST") return json({ message: "Use POST to upload an image." }, 405, { Allow: "POST" });
  const read = await readFormBody(request, { maxBytes: MAX_BODY_BYTES, types: ["multipart/form-data"] });
  if (!read.ok) {
    const declared = Number(request.headers.get("Content-Length"));
    const message = read.status === 413 ? tooLarge(Number.isFinite(declared) && declared > 0 ? declared : null) : read.message;
    return json({ message }, read.status);
  }
  const { form } = read;

  const prefix = form.get("prefix");
  if (!isUploadPrefix(prefix)) {
    return json({ message: `Unknown upload folder${typeof prefix === "string" && prefix ? ` "${prefix.slice(0, 100)}"` : ""}. Use one of: ${UPLOAD_PREFIXES.join(", ")}.` }, 400);
  }
  const file = form.get("file");
  if (!(file instanceof File)) return json({ message: "Choose an image file to upload." }, 400);
  // alt text and caption for the library (optional: a pasted image comes without them)
  const text = mediaTextSchema.safeParse({ alt: form.get("alt") ?? "", caption: form.get("caption") ?? "" });
  if (!text.success) return json({ message: text.error.issues[0]?.message ?? "Invalid alt text or caption." }, 400);

  try {
    const { storage, database } = services();
    const uploaded = await uploadImage(storage, { prefix, file, maxBytes: MAX_BYTES[prefix], library: { db: database.db, uploadedBy: session.user.id, text: text.data } });
    return json({ url: uploaded.url, key: uploaded.key, id: uploaded.mediaId, width: uploaded.width, height: uploaded.height }, 200);
  } catch (error) {
    if (error instanceof UploadError) return json({ message: error.message }, error.status);
    console.error("Image upload failed:", error);
    return json({ message: "The image could not be stored. Please try again." }, 500);
  }
}
