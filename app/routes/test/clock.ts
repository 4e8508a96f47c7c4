// Test-only publishing clock (issue 29, decision 045): routed only in the e2e build (app/routes.ts)
// and answering 404 unless the server runs with E2E_TEST_TOOLS=1, so no production server has it.
// GET answers the publishing clock's "now"; POST with `at` (an ISO instant) sets it to read `at`
// from then on, so tests/e2e/admin-schedule.spec.ts passes a scheduled time without sleeping.
import { data } from "react-router";
import { publishNow, setPublishClockOffset } from "#app/server/blog/publish-clock.server.ts";

const notFound = () => data(null, { status: 404 });
const enabled = () => process.env.E2E_TEST_TOOLS === "1";
const noStore = { "Cache-Control": "no-store" };

export function loader() {
  if (!enabled()) throw notFound();
  return Response.json({ now: publishNow() }, { headers: noStore });
}

// (no route types: typegen runs without E2E_TEST_TOOLS, so this route has none)
export async function action({ request }: { request: Request }) {
  if (!enabled()) throw notFound();
  const at = Date.parse(String((await request.formData()).get("at") ?? ""));
  if (Number.isNaN(at)) return Response.json({ error: "Send `at`, an ISO instant." }, { status: 400, headers: noStore });
  setPublishClockOffset(at - Date.now());
  return Response.json({ now: publishNow() }, { headers: noStore });
}
