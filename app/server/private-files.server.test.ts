// Issue 28, finding 7: the data folder, the database and its journal, the outbox and its mails, and
// the uploads folder are the server user's alone, even when the process runs with the usual 022 umask.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db/connection.server.ts";
import { createMailer } from "./mail/mailer.server.ts";
import { ensurePrivateDir, makeFilesPrivate } from "./private-files.server.ts";
import { createStorage } from "./storage/storage.server.ts";

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe("private files (umask 022, as a shell usually starts the server)", () => {
  let root = "";
  let umask = 0;
  beforeAll(() => {
    umask = process.umask(0o022);
    root = fs.mkdtempSync(path.join(os.tmpdir(), "private-files-"));
  });
  afterAll(() => {
    process.umask(umask);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("makes DATA_DIR 0700 and site.db with its WAL and SHM 0600", async () => {
    const dataDir = path.join(root, "data");
    const database = openDatabase({ dataDir });
    await database.db.schema.createTable("probe").addColumn("id", "integer").execute();
    await database.db.insertInto("probe" as never).values({ id: 1 } as never).execute();
    expect(modeOf(dataDir).toString(8)).toBe("700");
    for (const file of ["site.db", "site.db-wal", "site.db-shm"]) expect(modeOf(path.join(dataDir, file)).toString(8), file).toBe("600");
    await database.close();
  });

  it("tightens a data folder and database an earlier version left world-readable", async () => {
    const dataDir = path.join(root, "old");
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, "site.db"), "", { mode: 0o644 });
    const database = openDatabase({ dataDir });
    expect(modeOf(dataDir).toString(8)).toBe("700");
    expect(modeOf(path.join(dataDir, "site.db")).toString(8)).toBe("600");
    await database.close();
  });

  it("writes outbox mails 0600 in a 0700 folder", async () => {
    const outboxDir = path.join(root, "outbox");
    const mailer = createMailer({ from: "site <no-reply@localhost>", outboxDir });
    await mailer.send({ to: "ann@example.com", subject: "Reset your password", text: "https://example.com/reset?token=secret" });
    const [mail] = fs.readdirSync(outboxDir);
    expect(modeOf(outboxDir).toString(8)).toBe("700");
    expect(modeOf(path.join(outboxDir, mail!)).toString(8)).toBe("600");
  });

  it("makes the local uploads folder 0700", () => {
    const storage = createStorage({ dataDir: path.join(root, "uploads-data") });
    expect(storage.driver).toBe("local");
    expect(modeOf(path.join(root, "uploads-data", "uploads")).toString(8)).toBe("700");
  });

  it("skips files that are not there yet, and creates missing parents", () => {
    const deep = path.join(root, "a", "b");
    ensurePrivateDir(deep);
    expect(modeOf(deep).toString(8)).toBe("700");
    expect(() => makeFilesPrivate([path.join(deep, "absent")])).not.toThrow();
  });
});
