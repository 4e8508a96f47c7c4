import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface DashboardCounts {
  tools: number;
  posts: number;
  featuredTools: number;
  users: number;
}

const count = (q: { executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }> }) =>
  q.executeTakeFirstOrThrow().then((r) => Number(r.n));

export async function getDashboardCounts(db: Kysely<Database>): Promise<DashboardCounts> {
  const [tools, posts, featuredTools, users] = await Promise.all([
    count(db.selectFrom("tools").select((eb) => eb.fn.countAll().as("n"))),
    count(db.selectFrom("blog_posts").select((eb) => eb.fn.countAll().as("n"))),
    count(db.selectFrom("tools").where("is_featured", "=", 1).select((eb) => eb.fn.countAll().as("n"))),
    count(db.selectFrom("user").select((eb) => eb.fn.countAll().as("n"))),
  ]);
  return { tools, posts, featuredTools, users };
}
