import { expect, it } from "vitest";
import { createTestServices, describeEachDialect } from "#tests/support/test-db.ts";
import { checkHealth } from "./health.ts";

describeEachDialect("health on %s", (dialect) => {
  it("answers 200 while the database is reachable and 503 once it is not", async () => {
    const s = await createTestServices(dialect);
    expect(await checkHealth(s.database.db)).toEqual({ status: 200, body: { status: "ok" } });
    await s.cleanup();
    const after = await checkHealth(s.database.db);
    expect(after.status).toBe(503);
    expect(after.body.reason).toBe("database unreachable");
  });
});
