// Files shared with the installed app (the manifest's share_target, ./file-handlers.ts): the other
// app POSTs them to /share-target, the service worker keeps them on the device in a Cache of their
// own and sends the window to the launch page, which takes them out and routes them like opened
// files. Nothing is uploaded: the POST never reaches the server while the service worker runs
// (without one the server answers 303 and reads nothing: server/share-target.ts).
import { OPEN_ACTION, SHARE_FILES_FIELD, SHARE_TARGET_ACTION } from "./launch-paths.ts";

/** The Cache that holds shared files between the service worker and the launch page. */
export const SHARED_FILES_CACHE = "shared-files";
const KEY_PREFIX = "/share-target/file/";
const NAME_HEADER = "X-Shared-File-Name";
const UNKNOWN_TYPE = "application/octet-stream";

/** What the launch page's ?shared= says: files are waiting, keeping them failed, or no service worker took the share. */
export const SHARED_STATES = ["1", "failed", "unavailable"] as const;
export type SharedState = (typeof SHARED_STATES)[number];

export const sharedLocation = (state: SharedState) => `${OPEN_ACTION}?shared=${state}`;

/** The ?shared= value the launch page reads, or null for anything else. */
export function parseSharedState(value: string | null): SharedState | null {
  return SHARED_STATES.find((state) => state === value) ?? null;
}

/** The parts of the Cache API used here (the service worker's and the page's `caches`). */
export interface SharedFilesStorage {
  open(name: string): Promise<Pick<Cache, "put" | "keys" | "match">>;
  has(name: string): Promise<boolean>;
  delete(name: string): Promise<boolean>;
}

/** Is this the share target's POST? The service worker answers it with handleShareTarget. */
export function isShareTargetRequest(request: Pick<Request, "method" | "url">): boolean {
  return request.method === "POST" && new URL(request.url).pathname === SHARE_TARGET_ACTION;
}

/**
 * The service worker's answer to the share target's POST: the shared files kept in
 * SHARED_FILES_CACHE (replacing any an earlier share left), then a 303 to /open?shared=1; a body
 * that is no form, or files that cannot be kept (quota), give /open?shared=failed.
 */
export async function handleShareTarget(request: Request, storage: SharedFilesStorage = caches): Promise<Response> {
  const to = (state: SharedState) => Response.redirect(new URL(sharedLocation(state), request.url).href, 303);
  try {
    const form = await request.formData();
    const files = form.getAll(SHARE_FILES_FIELD).filter((value): value is File => typeof value !== "string");
    await storage.delete(SHARED_FILES_CACHE);
    const cache = await storage.open(SHARED_FILES_CACHE);
    await Promise.all(
      files.map((file, i) =>
        cache.put(
          new Request(new URL(`${KEY_PREFIX}${i}`, request.url)),
          new Response(file, {
            headers: {
              "Content-Type": file.type || UNKNOWN_TYPE,
              [NAME_HEADER]: encodeURIComponent(file.name),
            },
          }),
        ),
      ),
    );
    return to("1");
  } catch {
    await storage.delete(SHARED_FILES_CACHE).catch(() => false);
    return to("failed");
  }
}

const indexOfKey = (request: Request) => Number(new URL(request.url).pathname.slice(KEY_PREFIX.length));

/** The launch page's side: the shared files, in the order they were shared, taken out of the Cache (once). */
export async function takeSharedFiles(storage: SharedFilesStorage = caches): Promise<File[]> {
  if (!(await storage.has(SHARED_FILES_CACHE))) return [];
  const cache = await storage.open(SHARED_FILES_CACHE);
  const keys = (await cache.keys()).toSorted((a, b) => indexOfKey(a) - indexOfKey(b));
  const files: File[] = [];
  for (const key of keys) {
    const response = await cache.match(key);
    if (!response) continue;
    const blob = await response.blob();
    const name = safeDecode(response.headers.get(NAME_HEADER) ?? "") || `shared-file-${files.length + 1}`;
    // the Cache had to give a typeless file a type; it gets none back
    const type = blob.type === UNKNOWN_TYPE ? "" : blob.type;
    // a multipart body carries no modification time: the file is as new as the share
    files.push(new File([blob], name, { type }));
  }
  await storage.delete(SHARED_FILES_CACHE);
  return files;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
