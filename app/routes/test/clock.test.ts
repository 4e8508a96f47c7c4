import { afterEach, describe, expect, it, vi } from "vitest";
import { publishNow, setPublishClockOffset } from "#app/server/blog/publish-clock.server.ts";
import { action, loader } from "./clock.ts";

// The publishing clock's harness route (decision 045): it moves the clock only on a server started
// with E2E_TEST_TOOLS=1; a production build does not route it at all (tests/unit/dependency-rules).

const post = (at: string) => {
  const body = new FormData();
  body.set("at", at);
  return action({ request: new Request("http://localhost/__test/clock", { method: "POST", body }) });
};

const status = async (run: () => unknown) => {
  try {
    await run();
    return "answered";
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status;
  }
};

describe("/__test/clock", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    setPublishClockOffset(0);
  });

  it("answers 404 and moves nothing on a server without E2E_TEST_TOOLS=1", async () => {
    for (const flag of [undefined, "0"]) {
      vi.stubEnv("E2E_TEST_TOOLS", flag);
      expect(await status(() => loader())).toBe(404);
      expect(await status(() => post("2100-01-01T00:00:00.000Z"))).toBe(404);
      expect(publishNow() < "2100-01-01").toBe(true);
    }
  });

  it("sets the publishing clock on an e2e server, and refuses a time that is not one", async () => {
    vi.stubEnv("E2E_TEST_TOOLS", "1");
    const answer = (await post("2100-01-01T00:00:00.000Z")) as Response;
    expect(answer.status).toBe(200);
    expect(publishNow() >= "2100-01-01T00:00:00.000Z").toBe(true);
    expect(publishNow() < "2100-01-01T01:00:00.000Z").toBe(true);
    expect(((await post("soon")) as Response).status).toBe(400);
  });
});
