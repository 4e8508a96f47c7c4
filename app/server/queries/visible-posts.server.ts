import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import type { Database } from "../db/schema.ts";

// The one rule for what a visitor may see of blog_posts (issue 29, scheduling): published, and
// either not scheduled or scheduled at or before `now`. Every public read starts from
// visiblePosts, so a scheduled post cannot leak through a query that forgot the time; the page
// cache learns the next instant this rule changes from nextPublicationQuery (decision 045).

/** published AND (publish_at IS NULL OR publish_at <= now); `now` is UTC ISO text like publish_at. */
export function isVisibleAt(eb: ExpressionBuilder<Database, "blog_posts">, now: string): Expression<SqlBool> {
  return eb.and([eb("blog_posts.published", "=", 1), eb.or([eb("blog_posts.publish_at", "is", null), eb("blog_posts.publish_at", "<=", now)])]);
}

/** blog_posts as a visitor sees them at `now`: start every public post query here. */
export function visiblePosts(db: Kysely<Database>, now: string) {
  return db.selectFrom("blog_posts").where((eb) => isVisibleAt(eb, now));
}

/** blog_posts a visitor cannot see at `now` (drafts and scheduled posts): only for an admin's preview. */
export function hiddenPosts(db: Kysely<Database>, now: string) {
  return db.selectFrom("blog_posts").where((eb) => eb.not(isVisibleAt(eb, now)));
}

/** The date a visitor sees and the lists sort by: the scheduled instant when there is one, else creation. */
export const shownDate = sql<string>`coalesce(${sql.ref("blog_posts.publish_at")}, ${sql.ref("blog_posts.created_at")})`;

/**
 * The earliest instant after `now` at which a published post becomes public (null: none), as a
 * query the content stamp reads beside the version (server/content-version.ts).
 */
export function nextPublicationQuery(db: Kysely<Database>, now: string) {
  return db
    .selectFrom("blog_posts")
    .select((eb) => eb.fn.min("publish_at").as("next"))
    .where("published", "=", 1)
    .where("publish_at", ">", now);
}
