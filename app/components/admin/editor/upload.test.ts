import { afterEach, describe, expect, it, vi } from "vitest";
import { EDITOR_IMAGE_PREFIX, uploadEditorImage } from "./upload.ts";

const file = () => new File([new Uint8Array([1, 2, 3])], "photo.png", { type: "image/png" });

describe("uploadEditorImage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("posts the file and the editor prefix as multipart and resolves to the URL", async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => Response.json({ url: "/uploads/site-assets/editor-images/a-photo.png", key: "k" }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(uploadEditorImage(file())).resolves.toBe("/uploads/site-assets/editor-images/a-photo.png");
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/admin/api/upload");
    expect(init.method).toBe("POST");
    const body = init.body as FormData;
    expect(body.get("prefix")).toBe(EDITOR_IMAGE_PREFIX);
    expect((body.get("file") as File).name).toBe("photo.png");
    // a pasted image comes without alt text: none is made up from its file name
    expect(body.has("alt")).toBe(false);
  });

  it("sends the alt text and caption the dialog asked for", async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => Response.json({ url: "/uploads/x.png" }));
    vi.stubGlobal("fetch", fetchMock);
    await uploadEditorImage(file(), EDITOR_IMAGE_PREFIX, { alt: "A red fox", caption: "Seen at dawn" });
    const body = fetchMock.mock.calls[0]![1].body as FormData;
    expect([body.get("alt"), body.get("caption")]).toEqual(["A red fox", "Seen at dawn"]);
  });

  it("rejects with the server's message", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ message: "The file is empty." }, { status: 400 }));
    await expect(uploadEditorImage(file())).rejects.toThrow("The file is empty.");
  });

  it("falls back to the status line when the answer is not JSON", async () => {
    vi.stubGlobal("fetch", async () => new Response("<html>too big</html>", { status: 413, statusText: "Payload Too Large" }));
    await expect(uploadEditorImage(file())).rejects.toThrow("413 Payload Too Large");
  });

  it("explains a network failure", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(uploadEditorImage(file())).rejects.toThrow("The server could not be reached.");
  });

  it("never resolves to a missing URL", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ ok: true }));
    await expect(uploadEditorImage(file())).rejects.toThrow("200");
  });
});
