// Test-only page for the share target (issue 30, decision 052): routed only in the e2e build
// (app/routes.ts) and 404 unless the server runs with E2E_TEST_TOOLS=1. A test cannot install the
// app, so no service worker receives the share; this page runs the service worker's own handler
// (handleShareTarget) on the POST the share would be, with the browser's real Cache API, then
// follows its redirect to /open as the service worker's answer would
// (tests/e2e/open-with.spec.ts).
import { data } from "react-router";
import { SHARE_FILES_FIELD, SHARE_TARGET_ACTION } from "#app/lib/pwa/launch-paths.ts";
import { handleShareTarget } from "#app/lib/pwa/share-target-sw.ts";

export function loader() {
  if (process.env.E2E_TEST_TOOLS !== "1") throw data(null, { status: 404 });
  return null;
}

export function meta() {
  return [{ title: "Share target harness" }, { name: "robots", content: "noindex, nofollow" }];
}

async function share(files: File[]) {
  const form = new FormData();
  for (const file of files) form.append(SHARE_FILES_FIELD, file);
  const response = await handleShareTarget(new Request(new URL(SHARE_TARGET_ACTION, window.location.href), { method: "POST", body: form }));
  const location = response.headers.get("Location");
  if (response.status === 303 && location) window.location.assign(location);
}

export default function ShareTargetHarness() {
  return (
    <main>
      <h1>Share target harness</h1>
      <label>
        Share files <input type="file" multiple onChange={(event) => void share([...(event.currentTarget.files ?? [])])} data-testid="share-input" />
      </label>
    </main>
  );
}
