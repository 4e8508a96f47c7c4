// Test-only page for the file-tool frame (issue 5): answers 404 unless the server runs with
// E2E_TEST_TOOLS=1, so no visitor ever reaches it. Replaced by the real harness.
import { data } from "react-router";

export function loader() {
  if (process.env.E2E_TEST_TOOLS !== "1") throw data(null, { status: 404 });
  return null;
}

export default function SlowJobHarness() {
  return <p>File-tool frame harness is being built.</p>;
}
