import type { MediaCardData, MediaListData } from "#app/lib/admin/media-form.ts";
import { parseAdminPage } from "#app/lib/pagination.ts";
import { deleteUnusedMedia, describeUses, listMedia, type MediaItem } from "#app/server/queries/media.server.ts";
import type { Services } from "#app/server/services.server.ts";

// The Media screen's server side (issue 29): the paged, searchable library and its delete rule.

export const MAX_QUERY_LENGTH = 200;

async function toCard(services: Pick<Services, "storage">, item: MediaItem): Promise<MediaCardData> {
  const { disk } = services.storage;
  const smallest = item.variants.filter((v) => v.mime === item.mime).toSorted((a, b) => a.width - b.width)[0];
  const url = await disk.getUrl(item.key);
  return {
    id: item.id,
    url,
    previewUrl: smallest ? await disk.getUrl(smallest.key) : url,
    fileName: item.fileName,
    mime: item.mime,
    bytes: item.bytes,
    width: item.width,
    height: item.height,
    alt: item.alt,
    caption: item.caption,
    variantCount: item.variants.length,
    createdAt: item.createdAt,
  };
}

/** One page of the library for ?q= and ?page= of the request's address. */
export async function loadMediaList(services: Pick<Services, "storage" | "database">, request: Request): Promise<MediaListData> {
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const listed = await listMedia(services.database.db, { query, page: parseAdminPage(params.get("page")) });
  return {
    items: await Promise.all(listed.rows.map((item) => toCard(services, item))),
    query,
    paging: { page: listed.page, pageCount: listed.pageCount, total: listed.total },
  };
}

export type RemoveMediaResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

/** Deletes an unused image with its variants; an image in use is refused, naming where. */
export async function removeMedia(services: Pick<Services, "storage" | "database">, id: number): Promise<RemoveMediaResult> {
  const result = await deleteUnusedMedia(services.database.db, id);
  if (!result.ok) {
    if (result.reason === "not-found") return { ok: false, status: 404, message: "Image not found" };
    return { ok: false, status: 409, message: `This image is in use (${describeUses(result.uses)}). Remove it there first.` };
  }
  await Promise.all(
    result.keys.map((key) =>
      services.storage.disk.delete(key).catch((error: unknown) => {
        // the row is gone: a file left behind is only logged
        console.warn(`[media] could not delete ${key}: ${error instanceof Error ? error.message : String(error)}`);
      }),
    ),
  );
  return { ok: true };
}
