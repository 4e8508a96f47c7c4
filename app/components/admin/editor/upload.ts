// Browser side of POST /admin/api/upload (app/routes/admin/api.upload.ts).

export const EDITOR_IMAGE_PREFIX = "site-assets/editor-images/";
export const UPLOAD_URL = "/admin/api/upload";
/** What the file picker offers; the server checks the real bytes whatever the picker allowed. */
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/gif,image/webp,image/avif,image/x-icon";

/** Upload one image (with the alt text and caption the library keeps); resolves to its public URL, rejects with the server's message. */
export async function uploadEditorImage(file: File, prefix = EDITOR_IMAGE_PREFIX, text?: { alt: string; caption: string }): Promise<string> {
  const body = new FormData();
  body.set("file", file);
  body.set("prefix", prefix);
  if (text) {
    body.set("alt", text.alt);
    body.set("caption", text.caption);
  }
  let response: Response;
  try {
    response = await fetch(UPLOAD_URL, { method: "POST", body, credentials: "same-origin", headers: { Accept: "application/json" } });
  } catch {
    throw new Error("The server could not be reached. Check your connection and try again.");
  }
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    // not JSON (a proxy's error page, for example): fall back to the status line
  }
  const field = (key: string) =>
    data && typeof data === "object" && key in data && typeof (data as Record<string, unknown>)[key] === "string"
      ? ((data as Record<string, unknown>)[key] as string)
      : undefined;
  const url = field("url");
  if (response.ok && url) return url;
  throw new Error(field("message") ?? (`${response.status} ${response.statusText}`.trim() || "Unknown error"));
}
