import { z } from "zod";
import type { MediaItem } from "#app/server/queries/media.server.ts";

// The Media screen's forms (issue 29): the schema the browser checks is the one the action parses.

export const MEDIA_INTENTS = { save: "save", delete: "delete", upload: "upload" } as const;
export const MEDIA_PATH = "/admin/media";
export const MAX_ALT_LENGTH = 300;
export const MAX_CAPTION_LENGTH = 500;

export const mediaTextSchema = z.object({
  alt: z.string().trim().max(MAX_ALT_LENGTH, `Alt text can be up to ${MAX_ALT_LENGTH} characters.`),
  caption: z.string().trim().max(MAX_CAPTION_LENGTH, `A caption can be up to ${MAX_CAPTION_LENGTH} characters.`),
});

/** A library image as the Media screen and the editor's "Choose from library" show it: the stored row
 * with URLs in place of the storage key and a count in place of the variants. */
export type MediaCardData = Omit<MediaItem, "key" | "variants"> & {
  url: string;
  /** the smallest same-format variant, else the original: what a grid cell loads */
  previewUrl: string;
  variantCount: number;
};

/** The Media screen's loader answer; the editor's library dialog loads it too (useFetcher). */
export interface MediaListData {
  items: MediaCardData[];
  query: string;
  paging: { page: number; pageCount: number; total: number };
}

export const formatBytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** The address to paste elsewhere: a /uploads/... path made absolute on this site's origin. */
export const absoluteUrl = (url: string, origin: string) => (url.startsWith("/") ? origin + url : url);
