import type { Kysely, Transaction } from "kysely";
import { moveItem, nextOrderIndex, orderChanges, renumber, sortByOrder, type MoveDirection, type Ordered } from "#app/lib/admin/menu-order.ts";
import { MENU_TARGETS_PER_GROUP, menuTargetGroups, type MenuTargetGroup } from "#app/lib/admin/menu-targets.ts";
import { nowIso } from "../db/connection.server.ts";
import type { Database } from "../db/schema.ts";
import { shownDate, visiblePosts } from "./visible-posts.server.ts";

// Admin queries for menus (the /admin/menu screen): ordered by order_index; a new item gets
// the count of its menu + 1.

export type MenuType = Database["menus"]["menu_type"];
const COLUMNS = ["id", "label", "url", "author_url", "menu_type", "order_index"] as const;
export type MenuRow = Pick<Database["menus"], Exclude<(typeof COLUMNS)[number], "id">> & { id: number };

/** Both menus, each in its order. */
export async function listMenuItems(db: Kysely<Database>): Promise<Record<MenuType, MenuRow[]>> {
  const rows = await db.selectFrom("menus").select(COLUMNS).orderBy("order_index").orderBy("id").execute();
  return {
    header: sortByOrder(rows.filter((r) => r.menu_type === "header")),
    footer: sortByOrder(rows.filter((r) => r.menu_type === "footer")),
  };
}

function menuOrder(trx: Transaction<Database>, type: MenuType): Promise<Ordered[]> {
  return trx.selectFrom("menus").select(["id", "order_index"]).where("menu_type", "=", type).execute();
}

async function writeOrder(trx: Transaction<Database>, stored: Ordered[], wanted: Ordered[]): Promise<void> {
  for (const change of orderChanges(stored, wanted)) {
    await trx.updateTable("menus").set({ order_index: change.order_index }).where("id", "=", change.id).execute();
  }
}

/** Add an item at the end of its menu: the menu is renumbered 1..n first, the item gets count + 1. */
export async function addMenuItem(
  db: Kysely<Database>,
  input: { menu_type: MenuType; label: string; url: string; author_url: string | null },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const stored = await menuOrder(trx, input.menu_type);
    await writeOrder(trx, stored, renumber(stored));
    const row = await trx
      .insertInto("menus")
      .values({ ...input, order_index: nextOrderIndex(stored.length), created_at: nowIso() })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
}

/** Delete an item and close the gap it leaves; false when there is no such item. */
export async function deleteMenuItem(db: Kysely<Database>, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const item = await trx.selectFrom("menus").select("menu_type").where("id", "=", id).executeTakeFirst();
    if (!item) return false;
    await trx.deleteFrom("menus").where("id", "=", id).execute();
    const stored = await menuOrder(trx, item.menu_type);
    await writeOrder(trx, stored, renumber(stored));
    return true;
  });
}

/** Swap an item with its neighbour (renumbering 1..n); false when there is no such item. */
export async function moveMenuItem(db: Kysely<Database>, id: number, direction: MoveDirection): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const item = await trx.selectFrom("menus").select("menu_type").where("id", "=", id).executeTakeFirst();
    if (!item) return false;
    const stored = await menuOrder(trx, item.menu_type);
    const moved = moveItem(stored, id, direction);
    if (!moved) return false;
    await writeOrder(trx, stored, moved);
    return true;
  });
}

/** Change an item's label and target; it keeps its menu and place. False when there is no such item. */
export async function updateMenuItem(db: Kysely<Database>, id: number, input: { label: string; url: string }): Promise<boolean> {
  const result = await db.updateTable("menus").set({ label: input.label, url: input.url }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The pages, posts, tools and blog categories a menu item can link to (published ones, posts visible at `now`; see menuTargetGroups). */
export async function listMenuTargets(db: Kysely<Database>, now: string): Promise<MenuTargetGroup[]> {
  const [pages, posts, tools, categories] = await Promise.all([
    db.selectFrom("pages").select(["title", "slug"]).where("published", "=", 1).orderBy("title").limit(MENU_TARGETS_PER_GROUP).execute(),
    visiblePosts(db, now).select(["title", "slug"]).orderBy(shownDate, "desc").orderBy("id", "desc").limit(MENU_TARGETS_PER_GROUP).execute(),
    db.selectFrom("tools").select(["name", "slug"]).orderBy("name").limit(MENU_TARGETS_PER_GROUP).execute(),
    db.selectFrom("blog_categories").select(["name", "slug"]).orderBy("id").limit(MENU_TARGETS_PER_GROUP).execute(),
  ]);
  return menuTargetGroups({ pages, posts, tools, categories });
}
