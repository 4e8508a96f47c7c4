// The server's "now" for publishing: what decides whether a scheduled post is public yet, in every
// public read and in the page cache's content stamp (server/content-version.ts). It is the real
// clock, plus an offset that only the browser tests' harness route (/__test/clock, routed in
// E2E_TEST_TOOLS=1 builds only, decision 045) can set, so an e2e spec can pass a scheduled time
// without sleeping. Nothing else writes the offset.

let offsetMs = 0;

/** The current instant for publishing, as UTC ISO text (the format publish_at is stored in). */
export function publishNow(): string {
  return new Date(Date.now() + offsetMs).toISOString();
}

/** Moves the publishing clock `ms` from the real one (e2e harness only). */
export function setPublishClockOffset(ms: number): void {
  offsetMs = ms;
}
