import { sql, type Kysely } from "kysely";
import { publishNow } from "#app/server/blog/publish-clock.server.ts";
import type { Database } from "#app/server/db/schema.ts";
import { nextPublicationQuery } from "#app/server/queries/visible-posts.server.ts";

/** The current content version; cached public pages rendered under an older one are stale. */
export async function getContentVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirst();
  return row?.version ?? 0;
}

/** Makes every cached public page stale, on every instance. */
export async function bumpContentVersion(db: Kysely<Database>): Promise<void> {
  await db.updateTable("content_version").set({ version: sql`version + 1` }).where("id", "=", 1).execute();
}

/** The row of the posts' own version (decision 063); row 1 stays the version of everything. */
export const POSTS_VERSION_ROW = 2;

/**
 * Makes stale only the cached pages that read posts (decision 063), on every instance: the posts'
 * row is created by its first bump (an upsert, atomic on both databases), so no migration.
 */
export async function bumpPostsVersion(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto("content_version")
    .values({ id: POSTS_VERSION_ROW, version: 1 })
    .onConflict((oc) => oc.column("id").doUpdateSet({ version: sql`content_version.version + 1` }))
    .execute();
}

/**
 * What a cached page was rendered under (decision 045): the content version, and the next instant
 * a scheduled post becomes public (null: none scheduled). Time alone changes what visitors may see
 * only at those instants, so a page is current exactly while both are the same: once the clock
 * passes `nextPublishAt`, the next read answers a later instant (or null) and every instance
 * renders again, with no job running anywhere.
 */
export interface ContentStamp {
  /** every write but a post's: every cached page depends on it */
  version: number;
  /**
   * a post's writes (decision 063): only pages that read posts depend on it (absent: 0, the row
   * before the first such write)
   */
  postsVersion?: number;
  /** UTC ISO text, like publish_at */
  nextPublishAt: string | null;
}

/** The stamp at `now` (the publishing clock), in one query. */
export async function readContentStamp(db: Kysely<Database>, now: string): Promise<ContentStamp> {
  const row = await db
    .selectFrom("content_version")
    .select((eb) => [
      "version",
      // one statement, so one snapshot: both versions and the next instant are read together
      eb.selectFrom("content_version as posts").select("posts.version").where("posts.id", "=", POSTS_VERSION_ROW).as("posts"),
      nextPublicationQuery(db, now).as("next"),
    ])
    .where("id", "=", 1)
    .executeTakeFirst();
  return { version: row?.version ?? 0, postsVersion: row?.posts ?? 0, nextPublishAt: row?.next ?? null };
}

const postsOf = (stamp: ContentStamp) => stamp.postsVersion ?? 0;

export const sameStamp = (a: ContentStamp, b: ContentStamp) => sameOutsidePosts(a, b) && postsOf(a) === postsOf(b);

/** The same stamp but for the posts' version: a page that reads no post is as current under both. */
export const sameOutsidePosts = (a: ContentStamp, b: ContentStamp) => a.version === b.version && a.nextPublishAt === b.nextPublishAt;

/**
 * Whether `a` was read after `b` could have been: a higher version, or the same one later in time.
 * Both counters only grow and one statement reads them together, so of two stamps one is never
 * ahead on one counter and behind on the other.
 */
export function isNewerStamp(a: ContentStamp, b: ContentStamp): boolean {
  if (a.version !== b.version) return a.version > b.version;
  if (postsOf(a) !== postsOf(b)) return postsOf(a) > postsOf(b);
  // within one version the next instant only moves forward (null: nothing left to wait for)
  if (a.nextPublishAt === b.nextPublishAt) return false;
  return a.nextPublishAt === null || (b.nextPublishAt !== null && a.nextPublishAt > b.nextPublishAt);
}

export const stampKey = (stamp: ContentStamp) => `${stamp.version}.${postsOf(stamp)}@${stamp.nextPublishAt ?? "-"}`;

/** One number that grows whenever either version does (the redirect table's reload key). */
export const stampTotal = (stamp: ContentStamp) => stamp.version + postsOf(stamp);

/**
 * The version as the database holds it when a request arrives (issue 28, finding 1): a page of an
 * older version must never be served once a write, on any instance, has decided a newer one. Each
 * caller gets a read that started after its call; callers arriving while a read is in flight share
 * the next one, so there is at most one read in flight and one queued, whatever the request rate.
 */
export class ContentVersionClock {
  private running: Promise<ContentStamp> | undefined;
  private queued: Promise<ContentStamp> | undefined;

  /** `now`: the publishing clock (injected by tests). */
  constructor(
    private readonly db: () => Kysely<Database>,
    private readonly now: () => string = publishNow,
  ) {}

  current(): Promise<ContentStamp> {
    if (!this.running) return this.read();
    // the read in flight may have started before a write this caller must see
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.read();
      });
    return this.queued;
  }

  /** `scope` "posts": a post's write, which only pages that read posts see (decision 063). */
  async bump(scope: "all" | "posts" = "all"): Promise<void> {
    await (scope === "posts" ? bumpPostsVersion(this.db()) : bumpContentVersion(this.db()));
  }

  private read(): Promise<ContentStamp> {
    const reading = readContentStamp(this.db(), this.now());
    this.running = reading;
    const done = () => {
      if (this.running === reading) this.running = undefined;
    };
    reading.then(done, done);
    return reading;
  }
}
