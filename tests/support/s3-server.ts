// An S3-compatible server for the tests: s3rver (decision 056), run as its own Node process on
// loopback with a bucket made at start, so the storage adapter talks real S3 HTTP (signed v4
// requests, path-style URLs) to something that is not our code.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const S3RVER = fileURLToPath(new URL("../../node_modules/s3rver/bin/s3rver.js", import.meta.url));

/** The only key pair s3rver knows (its dummy account): any other key is refused as S3 would. */
export const S3_TEST_KEY = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export interface S3TestServer {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  bucket: string;
  stop: () => Promise<void>;
}

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

async function answers(endpoint: string): Promise<boolean> {
  try {
    await fetch(endpoint, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/** Starts s3rver with an empty `bucket` in a scratch folder; `stop` ends it and removes the folder. */
export async function startS3Server(bucket = "site-uploads"): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [S3RVER, "-d", directory, "-a", "127.0.0.1", "-p", String(port), "-s", "--no-vhost-buckets", "--configure-bucket", bucket], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 15_000;
  while (!(await answers(endpoint))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      rmSync(directory, { recursive: true, force: true });
      throw new Error(`s3rver did not start on ${endpoint}: ${stderr.trim() || `exit code ${child.exitCode}`}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    endpoint,
    bucket,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
