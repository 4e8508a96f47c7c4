import { expect, it } from "vitest";
import { createTestServices, describeEachDialect } from "#tests/support/test-db.ts";
import { checkReadiness } from "./health.ts";

describeEachDialect("readiness on %s", (dialect) => {
  it("answers 200 while the database and the storage answer, and 503 naming the database once it does not", async () => {
    const s = await createTestServices(dialect);
    expect(await checkReadiness(s.database.db, s.storage)).toEqual({ status: 200, body: { status: "ok", database: "ok", storage: "ok" } });
    await s.cleanup();
    const after = await checkReadiness(s.database.db, s.storage);
    expect(after.status).toBe(503);
    expect(after.body).toMatchObject({ status: "unavailable", database: "unreachable" });
  });
});
