import { defineConfig } from "@playwright/test";

// e2e runs against the production build (npm run test:e2e builds first) in the system Chromium;
// Playwright never downloads a browser here.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://localhost:${PORT}`;
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? "test-results/e2e-data";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "test-reports/playwright.json" }]],
  timeout: 30_000,
  use: {
    baseURL: BASE_URL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
    trace: "off",
  },
  webServer: {
    // every run starts from an empty data folder (fresh SQLite, outbox and uploads)
    command: `node -e "require('fs').rmSync('${E2E_DATA_DIR}', { recursive: true, force: true })" && node server.js`,
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      PUBLIC_URL: BASE_URL,
      DATA_DIR: E2E_DATA_DIR,
    },
  },
});
