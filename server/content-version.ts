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
 * The version as the database holds it when a request arrives (issue 28, finding 1): a page of an
 * older version must never be served once a write, on any instance, has decided a newer one. Each
 * caller gets a read that started after its call; callers arriving while a read is in flight share
 * the next one, so there is at most one read in flight and one queued, whatever the request rate.
 */
export class ContentVersionClock {
  private running: Promise<number> | undefined;
  private queued: Promise<number> | undefined;

  constructor(private readonly db: () => Kysely<Database>) {}

  current(): Promise<number> {
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

  async bump(): Promise<void> {
    await bumpContentVersion(this.db());
  }

  private read(): Promise<number> {
    const reading = getContentVersion(this.db());
    this.running = reading;
    const done = () => {
      if (this.running === reading) this.running = undefined;
    };
    reading.then(done, done);
    return reading;
  }
}
