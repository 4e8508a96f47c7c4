import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

// The service worker script (decision 049), written by scripts/build-service-worker.ts outside
// build/client so the static files' one-hour cache never applies to it: browsers must see a new
// build's worker on their next visit. Its first line names the build: `// build <id>`.

const FILE = join("build", "sw", "sw.js");
const FIRST_LINE = /^\/\/ build ([0-9a-f]+)\n/;

let script: string | null | undefined;
/** Deployments simulated by the browser tests (/__test/deployment, e2e builds only). */
let simulatedDeployments = 0;

/** The worker script of the running build, or null when there is none (development, no build). */
export function serviceWorkerScript(): string | null {
  script ??= existsSync(FILE) ? readFileSync(FILE, "utf8") : null;
  if (script === null || simulatedDeployments === 0) return script;
  const build = FIRST_LINE.exec(script)?.[1];
  // the same code under another build id: new cache names and a new offline page revision, which is
  // what a browser meets when a new version is deployed
  return build ? script.replaceAll(build, `${build}d${simulatedDeployments}`) : script;
}

/** Tests only: from now on the worker script is that of a new deployment. */
export function simulateDeployment(): number {
  simulatedDeployments += 1;
  return simulatedDeployments;
}
