import { defineConfig } from "@playwright/test";

// e2e runs against the production build (npm test builds first) in the system Chromium;
// Playwright never downloads a browser here. E2E_DEV=1 runs against the dev server instead (no
// build/ needed), which lets several people run their own specs at once on their own E2E_PORT.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://localhost:${PORT}`;
const DEV = process.env.E2E_DEV === "1";
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `.e2e-data/e2e-data-${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/port-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "test-reports/playwright.json" }]],
  timeout: DEV ? 60_000 : 30_000,
  use: {
    baseURL: BASE_URL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
    trace: "off",
  },
  projects: [
    // The first account ever created becomes the admin: this spec must meet an empty database.
    { name: "first-admin", testMatch: /auth\.spec\.ts/ },
    { name: "site", testIgnore: /auth\.spec\.ts/, dependencies: ["first-admin"] },
  ],
  webServer: {
    // every run starts from an empty data folder (fresh SQLite, outbox and uploads)
    command: `node -e "require('fs').rmSync('${E2E_DATA_DIR}', { recursive: true, force: true })" && node server.js`,
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: DEV ? "development" : "production",
      PORT: String(PORT),
      PUBLIC_URL: BASE_URL,
      DATA_DIR: E2E_DATA_DIR,
      E2E_TEST_TOOLS: "1",
    },
  },
});
