import { sql, type Kysely } from "kysely";
import type { Database } from "#app/server/db/schema.ts";

/** The current content version; cached public pages rendered under an older one are stale. */
export async function getContentVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirst();
  return row?.version ?? 0;
}

/** Makes every cached public page stale, on every instance. */
export async function bumpContentVersion(db: Kysely<Database>): Promise<void> {
  await db.updateTable("content_version").set({ version: sql`version + 1` }).where("id", "=", 1).execute();
}

/**
 * The version as this process sees it: re-read from the database at most every `maxAgeMs`, and at
 * once after this process bumped it. So this instance never serves a page older than its own last
 * write, and other instances catch up within `maxAgeMs`.
 */
export class ContentVersionClock {
  private value = 0;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<number> | undefined;
  /** bumps by this process; a read that started before a bump must not be kept */
  private generation = 0;

  constructor(
    private readonly db: () => Kysely<Database>,
    private readonly maxAgeMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  current(): Promise<number> {
    if (this.now() - this.readAt < this.maxAgeMs) return Promise.resolve(this.value);
    if (this.reading) return this.reading;
    const generation = this.generation;
    const reading = getContentVersion(this.db())
      .then((v) => {
        if (generation === this.generation) {
          this.value = v;
          this.readAt = this.now();
        }
        return v;
      })
      .finally(() => {
        if (this.reading === reading) this.reading = undefined;
      });
    this.reading = reading;
    return reading;
  }

  async bump(): Promise<void> {
    await bumpContentVersion(this.db());
    this.generation++;
    this.readAt = Number.NEGATIVE_INFINITY;
    this.reading = undefined;
  }
}
