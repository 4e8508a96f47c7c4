import type { Kysely } from "kysely";
import { ADMIN_PAGE_SIZE, pageWindow, type PageWindow } from "#app/lib/pagination.ts";
import type { Database } from "../db/schema.ts";

/** One page of a list and where it sits in the whole. */
export interface ListPage<T> extends PageWindow {
  rows: T[];
}

/**
 * Counts the rows, clamps the page to the ones that exist, then reads only that page's rows
 * (LIMIT/OFFSET): a list of 10,000 rows costs one count and `pageSize` rows, never all of them.
 */
export async function readPage<T>(
  page: number,
  count: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<T[]>,
  pageSize = ADMIN_PAGE_SIZE,
): Promise<ListPage<T>> {
  const window = pageWindow(page, await count(), pageSize);
  return { ...window, rows: await rows(pageSize, window.offset) };
}

/** How many rows an admin-listed table holds. */
export async function countRows(db: Kysely<Database>, table: "blog_posts" | "pages" | "tools" | "user"): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
