// `npm start`: build once if there is no production build yet, then serve it.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/server/index.js")) {
  console.log("No production build found: building once (npm run build)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= "production";
await import("../server.js");
