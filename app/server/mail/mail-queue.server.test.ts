import { describe, expect, it, vi } from "vitest";
import { createMailQueue } from "./mail-queue.server.ts";
import type { MailMessage, Mailer } from "./mailer.server.ts";

const message = (to: string): MailMessage => ({ to, subject: "Hi", text: "x" });

describe("mail queue", () => {
  it("returns before the mailer is called, and drain waits for the send", async () => {
    const sent: string[] = [];
    const { promise: gate, resolve: release } = Promise.withResolvers<void>();
    const mailer: Mailer = {
      transport: "outbox",
      async send(m) {
        await gate;
        sent.push(m.to);
      },
    };
    const queue = createMailQueue(mailer);
    const send = vi.spyOn(mailer, "send");
    queue.send(message("a@example.com"));
    expect(send).not.toHaveBeenCalled();
    const drained = queue.drain();
    await new Promise((resolve) => setImmediate(resolve));
    expect(send).toHaveBeenCalledOnce();
    expect(sent).toEqual([]);
    release();
    await drained;
    expect(sent).toEqual(["a@example.com"]);
  });

  it("logs a failed send and carries on", async () => {
    const logError = vi.fn();
    let calls = 0;
    const mailer: Mailer = {
      transport: "smtp",
      send: async () => {
        calls++;
        if (calls === 1) throw new Error("smtp down");
      },
    };
    const queue = createMailQueue(mailer, logError);
    queue.send(message("a@example.com"));
    queue.send(message("b@example.com"));
    await queue.drain();
    expect(calls).toBe(2);
    expect(logError).toHaveBeenCalledOnce();
    expect(logError.mock.calls[0]![0]).toContain("a@example.com");
  });
});
