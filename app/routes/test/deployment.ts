// Test-only deployment (decision 049): routed only in the e2e build (app/routes.ts) and answering
// 404 unless the server runs with E2E_TEST_TOOLS=1. POST makes /sw.js that of a new build (same
// code, another build id), so tests/e2e/pwa-offline.spec.ts sees a real update without a rebuild.
import { data } from "react-router";
import { simulateDeployment } from "#app/server/pwa/service-worker-script.server.ts";

const enabled = () => process.env.E2E_TEST_TOOLS === "1";

export function loader() {
  throw data(null, { status: 404 });
}

// (no route types: typegen runs without E2E_TEST_TOOLS, so this route has none)
export function action() {
  if (!enabled()) throw data(null, { status: 404 });
  return Response.json({ deployment: simulateDeployment() }, { headers: { "Cache-Control": "no-store" } });
}
