// What the two command lines share: the site's environment read as the server reads it, and the
// last line and exit status of a failure.
import { EnvError, parseEnv, type Env } from "#app/server/env.server.ts";
import { BackupError, messageOf } from "./errors.ts";

/** The server's own validated configuration; a bad variable is a refusal naming it. */
export function readSiteEnv(source: Record<string, string | undefined> = process.env): Env {
  try {
    return parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) throw new BackupError("config", error.message);
    throw error;
  }
}

/** Prints why `what` stopped and sets the exit status: 2 for a refusal, 1 for a failure. */
export function reportFailure(what: "Backup" | "Restore", error: unknown): void {
  if (error instanceof BackupError) {
    // a refusal changed nothing, it says what to do instead; a failure says what broke
    console.error(error.exitCode === 2 ? error.message : `${what} failed: ${error.message}`);
    process.exitCode = error.exitCode;
    return;
  }
  console.error(`${what} failed: ${messageOf(error)}`);
  console.error(error);
  process.exitCode = 1;
}
