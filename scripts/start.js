// `npm start`: build once if there is no production build yet (or only the e2e build, which holds
// the test-harness routes), then serve it.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

// written by react-router.config.ts's buildEnd when E2E_TEST_TOOLS=1 (npm test, npm run test:e2e)
const e2eBuild = existsSync("build/e2e-test-tools");
if (!existsSync("build/server/index.js") || e2eBuild) {
  console.log(`${e2eBuild ? "build/ is the e2e build (test-harness routes)" : "No production build found"}: building once (npm run build)...`);
  // a production build never registers the test harness, whatever the shell exported
  const env = { ...process.env };
  delete env.E2E_TEST_TOOLS;
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", env, shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= "production";
await import("../server.js");
