// Test-only page for the two media engines (issue 13): routed only in the e2e build (app/routes.ts)
// and answers 404 unless the server runs with E2E_TEST_TOOLS=1. It exposes the engine clients on
// `window.__mediaEngines` so a Playwright test can probe and convert a chosen file through each
// worker directly, without the tool page (wait for `window.__mediaEngines` to appear: it is set
// once the page has hydrated).
import { useEffect } from "react";
import { data } from "react-router";
import { ffmpegClient, type FfmpegClient } from "#app/tools/media/ffmpeg-client.ts";
import { convertInStretches } from "#app/tools/media/ffmpeg-stretches.ts";
import { webcodecsClient, type WebCodecsClient } from "#app/tools/media/webcodecs-client.ts";

export function loader() {
  if (process.env.E2E_TEST_TOOLS !== "1") throw data(null, { status: 404 });
  return null;
}

export function meta() {
  return [{ title: "Media engines harness" }, { name: "robots", content: "noindex, nofollow" }];
}

export interface MediaEnginesHarness {
  webcodecs: WebCodecsClient;
  ffmpeg: FfmpegClient;
  /** the ffmpeg engine's encode in stretches on several workers */
  ffmpegStretches: typeof convertInStretches;
  /** the files chosen in the page's file input */
  files(): File[];
}

declare global {
  interface Window {
    __mediaEngines?: MediaEnginesHarness;
  }
}

export default function MediaEnginesHarnessPage() {
  useEffect(() => {
    window.__mediaEngines = {
      webcodecs: webcodecsClient,
      ffmpeg: ffmpegClient,
      ffmpegStretches: convertInStretches,
      files: () => [...((document.getElementById("media-files") as HTMLInputElement | null)?.files ?? [])],
    };
  }, []);
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">Media engines harness</h1>
      <input id="media-files" type="file" multiple className="mt-4 block" />
    </main>
  );
}
