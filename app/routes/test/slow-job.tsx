// Test-only page for the file-tool frame (issue 5): routed only in the e2e build (app/routes.ts) and
// answers 404 unless the server runs with E2E_TEST_TOOLS=1, so no visitor ever reaches it. It runs
// FileToolFrame with a real, deliberately slow checksum job in a worker
// (tests/support/app/tools/shared/test-job) for tests/e2e/file-tool-frame.spec.ts.
// With `?combine=1` the frame also offers one checksum of all the files concatenated in the list's
// order, so a test can prove the order the combined job received.
import { useEffect, useId, useState } from "react";
import { data, useSearchParams } from "react-router";
import type { FileAccept } from "#app/tools/shared/file-accept.ts";
import { FileToolFrame, outputFileName, type CombineOption, type ConvertFunction } from "#app/tools/shared/file-tool-frame.tsx";
import { MAX_ROUNDS } from "#tests/support/app/tools/shared/test-job/checksum.ts";
import { createSlowChecksumClient, type SlowChecksumClient } from "#tests/support/app/tools/shared/test-job/slow-checksum.ts";

export function loader() {
  if (process.env.E2E_TEST_TOOLS !== "1") throw data(null, { status: 404 });
  return null;
}

export function meta() {
  return [{ title: "File tool frame harness" }, { name: "robots", content: "noindex, nofollow" }];
}

const TEST_ACCEPT: FileAccept = {
  extensions: ["bin", "txt"],
  invalidTitle: "Invalid file type",
  invalidDescription: "Please select a .bin or .txt file",
  noFileTitle: "No File Selected",
  noFileDescription: "Please select a .bin or .txt file to check",
};

// one client for the page's lifetime (the worker itself starts on the first job)
let client: SlowChecksumClient | undefined;
let workersStarted = 0;
const workerListeners = new Set<(count: number) => void>();
function getClient(): SlowChecksumClient {
  client ??= createSlowChecksumClient(() => {
    workersStarted += 1;
    for (const listener of workerListeners) listener(workersStarted);
  });
  return client;
}

export default function SlowJobHarness() {
  const [rounds, setRounds] = useState("20");
  const [fail, setFail] = useState(false);
  const [workers, setWorkers] = useState(workersStarted);
  const roundsId = useId();
  const failId = useId();
  const [search] = useSearchParams();
  const combineMode = search.get("combine") === "1";

  useEffect(() => {
    workerListeners.add(setWorkers);
    return () => {
      workerListeners.delete(setWorkers);
    };
  }, []);

  const parsedRounds = Number(rounds);
  const roundsValid = Number.isInteger(parsedRounds) && parsedRounds >= 1 && parsedRounds <= MAX_ROUNDS;

  const convert: ConvertFunction = async (file, { signal, onProgress }) => {
    const { text, blob } = await getClient().checksum({ file, rounds: parsedRounds, ...(fail ? { failAt: 0.5 } : {}) }, { signal, onProgress });
    return { blob, fileName: outputFileName(file.name, "fnv.txt"), summary: text };
  };

  // the files' bytes one after another, in the order given: a Blob of Blobs copies nothing
  const combine: CombineOption = {
    label: "Put all files in one checksum, in this order",
    convert: async (files, { signal, onProgress }) => {
      const { text, blob } = await getClient().checksum({ file: new Blob(files), rounds: parsedRounds, ...(fail ? { failAt: 0.5 } : {}) }, { signal, onProgress });
      return { blob, fileName: "combined.fnv.txt", summary: `${files.length} files: ${text}` };
    },
  };

  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">File tool frame harness</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Test page: computes an FNV-1a checksum of a .bin or .txt file in a worker, repeated over the bytes as many rounds as you ask.
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Workers started: <span data-testid="workers-started">{workers}</span>
      </p>
      <div className="mt-6">
        <FileToolFrame
          accept={TEST_ACCEPT}
          convert={convert}
          convertLabel="Compute checksum"
          successTitle="Conversion successful"
          successDescription={combineMode ? (result) => `Checksum computed: ${result.summary ?? ""}` : "Checksum computed"}
          convertDisabled={!roundsValid}
          {...(combineMode ? { combine } : {})}
          options={
            <div className="flex flex-wrap items-end gap-6">
              <div>
                <label htmlFor={roundsId} className="text-sm font-semibold">
                  Rounds
                </label>
                <input
                  id={roundsId}
                  type="number"
                  min={1}
                  max={MAX_ROUNDS}
                  step={1}
                  value={rounds}
                  onChange={(e) => setRounds(e.target.value)}
                  className="mt-1 block w-40 rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-950"
                />
              </div>
              <label htmlFor={failId} className="flex items-center gap-2 pb-2 text-sm">
                <input id={failId} type="checkbox" checked={fail} onChange={(e) => setFail(e.target.checked)} className="h-4 w-4" />
                Fail halfway with a codec error
              </label>
            </div>
          }
        />
      </div>
    </main>
  );
}
