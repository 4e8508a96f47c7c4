import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { createMailer } from "./mailer.server.ts";

describe("mailer without SMTP", () => {
  it("writes each mail to the outbox as a parsable .eml and logs it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-test-"));
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const mailer = createMailer({ from: "Site <no-reply@example.com>", outboxDir: path.join(dir, "outbox") });
    expect(mailer.transport).toBe("outbox");
    await mailer.send({ to: "ada@example.com", subject: "Hello there", text: "Line one\nhttp://x/y", html: "<p>Line one</p>" });
    const files = fs.readdirSync(path.join(dir, "outbox"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/ada@example\.com\.eml$/);
    const eml = fs.readFileSync(path.join(dir, "outbox", files[0]!), "utf8");
    expect(eml).toContain("From: Site <no-reply@example.com>");
    expect(eml).toContain("To: ada@example.com");
    expect(eml).toContain("Subject: Hello there");
    expect(eml).toContain("http://x/y");
    expect(log).toHaveBeenCalledWith(expect.stringContaining('"Hello there" to ada@example.com'));
    log.mockRestore();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("keeps two mails to one address sent in the same millisecond as two files", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-test-"));
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-28T06:00:00.000Z") });
    try {
      const mailer = createMailer({ from: "a@b.c", outboxDir: dir });
      await Promise.all(["First", "Second", "Third"].map((subject) => mailer.send({ to: "ada@example.com", subject, text: subject })));
      const files = fs.readdirSync(dir).toSorted();
      expect(files).toHaveLength(3);
      const subjects = files.map((f) => /Subject: (\w+)/.exec(fs.readFileSync(path.join(dir, f), "utf8"))?.[1]);
      expect(subjects.toSorted()).toEqual(["First", "Second", "Third"]);
    } finally {
      vi.useRealTimers();
      log.mockRestore();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("uses SMTP when a URL is given", () => {
    expect(createMailer({ smtpUrl: "smtp://localhost:2525", from: "a@b.c", outboxDir: "/nonexistent" }).transport).toBe("smtp");
  });
});
