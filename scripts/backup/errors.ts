// Every way `npm run backup` and `npm run restore` can stop, as a code the CLIs turn into an exit
// status: 2 when the command was asked for something it will not do (bad arguments, a target that
// is not fresh, a backup of another kind of site), 1 when something failed while doing it.

export type BackupErrorCode =
  | "usage"
  | "config"
  | "out-exists"
  | "source-missing"
  | "not-fresh"
  | "not-a-backup"
  | "dialect-mismatch"
  | "storage-mismatch"
  | "checksum-mismatch"
  | "snapshot-damaged"
  | "pg-tool-missing"
  | "pg-tool-failed"
  | "database-failed"
  | "s3-failed";

/** Refusals: nothing was changed, the command was asked for something it does not do. */
const REFUSALS: ReadonlySet<BackupErrorCode> = new Set(["usage", "config", "out-exists", "not-fresh", "not-a-backup", "dialect-mismatch", "storage-mismatch"]);

export class BackupError extends Error {
  readonly code: BackupErrorCode;

  constructor(code: BackupErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "BackupError";
    this.code = code;
  }

  /** The process exit status this error ends a CLI with. */
  get exitCode(): 1 | 2 {
    return REFUSALS.has(this.code) ? 2 : 1;
  }
}

/** A thrown value's message, for the line a CLI prints. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
