// `npm run backup -- [--out DIR]`: a consistent copy of a running (or stopped) site, read from the
// same environment variables as the server. See scripts/backup/run-backup.ts and README "Backups".
import { existsSync, rmSync } from "node:fs";
import { PRIVATE_UMASK } from "#app/server/private-files.server.ts";
import { BACKUP_USAGE, parseBackupArgs } from "./backup/args.ts";
import { readSiteEnv, reportFailure } from "./backup/cli.ts";
import { runBackup } from "./backup/run-backup.ts";

// the snapshot holds password hashes and session tokens: nothing written here is for other users
process.umask(PRIVATE_UMASK);

try {
  const args = parseBackupArgs(process.argv.slice(2), new Date(), process.cwd());
  if (args.help) {
    console.log(BACKUP_USAGE);
  } else {
    const env = readSiteEnv();
    // Ctrl-C or a stop midway: the partial folder goes, as after a failure
    const madeHere = !existsSync(args.out);
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        if (madeHere) rmSync(args.out, { recursive: true, force: true });
        console.error(`Backup stopped by ${signal}: the partial folder was removed.`);
        process.exit(130);
      });
    }
    const result = await runBackup({ env, out: args.out, cwd: process.cwd(), now: new Date() });
    for (const warning of result.warnings) console.warn(`Warning: ${warning}`);
    console.log(result.summary);
  }
} catch (error) {
  reportFailure("Backup", error);
}
