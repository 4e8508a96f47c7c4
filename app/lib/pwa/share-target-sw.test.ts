import { describe, expect, it } from "vitest";
import { handleShareTarget, isShareTargetRequest, parseSharedState, SHARED_FILES_CACHE, takeSharedFiles, type SharedFilesStorage } from "./share-target-sw.ts";

/**
 * The Cache API as far as the share target uses it, in memory (Node has no CacheStorage): entries
 * keyed by URL, bodies kept as the Response gives them, so a round trip reads what was written.
 */
class MemoryCaches implements SharedFilesStorage {
  readonly stores = new Map<string, Map<string, { body: ArrayBuffer; headers: Headers }>>();
  async open(name: string) {
    let store = this.stores.get(name);
    if (!store) this.stores.set(name, (store = new Map()));
    const entries = store;
    return {
      async put(request: RequestInfo | URL, response: Response) {
        const url = request instanceof Request ? request.url : String(request);
        entries.set(url, { body: await response.arrayBuffer(), headers: new Headers(response.headers) });
      },
      async keys() {
        return [...entries.keys()].map((url) => new Request(url));
      },
      async match(request: RequestInfo | URL) {
        const url = request instanceof Request ? request.url : String(request);
        const entry = entries.get(url);
        return entry ? new Response(entry.body.slice(0), { headers: entry.headers }) : undefined;
      },
    } as Pick<Cache, "put" | "keys" | "match">;
  }
  async has(name: string) {
    return this.stores.has(name);
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
}

const ORIGIN = "https://tools.example";
function sharePost(form: FormData): Request {
  return new Request(`${ORIGIN}/share-target`, { method: "POST", body: form });
}

describe("the share target in the service worker", () => {
  it("is the POST to /share-target only", () => {
    expect(isShareTargetRequest({ method: "POST", url: `${ORIGIN}/share-target` })).toBe(true);
    expect(isShareTargetRequest({ method: "GET", url: `${ORIGIN}/share-target` })).toBe(false);
    expect(isShareTargetRequest({ method: "POST", url: `${ORIGIN}/share-target/x` })).toBe(false);
  });

  it("keeps the shared files on the device and sends the window to /open?shared=1; the page takes them once, in order, as they were", async () => {
    const caches = new MemoryCaches();
    const dds = new File([new Uint8Array([0x44, 0x44, 0x53, 0x20, 124, 0, 0, 0])], "stone texture.dds", { type: "" });
    const song = new File([new Uint8Array([1, 2, 3, 4])], "Chanson d'été.mid", { type: "audio/midi" });
    const form = new FormData();
    form.append("files", dds);
    form.append("files", song);
    form.append("title", "ignored text");
    const response = await handleShareTarget(sharePost(form), caches);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${ORIGIN}/open?shared=1`);
    expect(caches.stores.get(SHARED_FILES_CACHE)?.size).toBe(2);

    const files = await takeSharedFiles(caches);
    expect(files.map((f) => [f.name, f.type])).toEqual([
      ["stone texture.dds", ""],
      ["Chanson d'été.mid", "audio/midi"],
    ]);
    expect([...new Uint8Array(await files[0]!.arrayBuffer())]).toEqual([0x44, 0x44, 0x53, 0x20, 124, 0, 0, 0]);
    expect([...new Uint8Array(await files[1]!.arrayBuffer())]).toEqual([1, 2, 3, 4]);
    expect(caches.stores.has(SHARED_FILES_CACHE)).toBe(false);
    expect(await takeSharedFiles(caches)).toEqual([]);
  });

  it("a new share replaces what an earlier one left", async () => {
    const caches = new MemoryCaches();
    for (const name of ["first.png", "second.png"]) {
      const form = new FormData();
      form.append("files", new File([new Uint8Array([9])], name, { type: "image/png" }));
      await handleShareTarget(sharePost(form), caches);
    }
    expect((await takeSharedFiles(caches)).map((f) => f.name)).toEqual(["second.png"]);
  });

  it("a body that is no form goes to /open?shared=failed and keeps nothing", async () => {
    const caches = new MemoryCaches();
    const request = new Request(`${ORIGIN}/share-target`, { method: "POST", body: "not a form", headers: { "Content-Type": "multipart/form-data; boundary=x" } });
    const response = await handleShareTarget(request, caches);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${ORIGIN}/open?shared=failed`);
    expect(await takeSharedFiles(caches)).toEqual([]);
  });

  it("reads ?shared= strictly", () => {
    expect(parseSharedState("1")).toBe("1");
    expect(parseSharedState("unavailable")).toBe("unavailable");
    expect(parseSharedState("yes")).toBeNull();
    expect(parseSharedState(null)).toBeNull();
  });
});
