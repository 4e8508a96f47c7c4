import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "@react-router/dev/config";

/** In the build folder of a build that holds the test-harness routes (E2E_TEST_TOOLS=1, see
 * app/routes.ts): `npm start` (scripts/start.js) rebuilds rather than serve it. */
const E2E_BUILD_MARK = "e2e-test-tools";

export default {
  appDirectory: "app",
  ssr: true,
  buildEnd({ reactRouterConfig }) {
    const mark = join(reactRouterConfig.buildDirectory, E2E_BUILD_MARK);
    if (process.env.E2E_TEST_TOOLS === "1") writeFileSync(mark, "built with E2E_TEST_TOOLS=1: holds the /__test/ harness routes\n");
    else rmSync(mark, { force: true });
  },
} satisfies Config;
