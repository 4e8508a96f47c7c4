// `npm run restore -- <backup folder> [--force]`: a backup made by `npm run backup` into the
// DATA_DIR / DATABASE_URL of this environment. See scripts/backup/run-restore.ts and README "Backups".
import { PRIVATE_UMASK } from "#app/server/private-files.server.ts";
import { parseRestoreArgs, RESTORE_USAGE } from "./backup/args.ts";
import { readSiteEnv, reportFailure } from "./backup/cli.ts";
import { runRestore } from "./backup/run-restore.ts";

// the restored database and secret are the server user's alone, as the server's own files are
process.umask(PRIVATE_UMASK);

try {
  const args = parseRestoreArgs(process.argv.slice(2), process.cwd());
  if (args.help) {
    console.log(RESTORE_USAGE);
  } else {
    const env = readSiteEnv();
    const result = await runRestore({ env, from: args.from, force: args.force, cwd: process.cwd() });
    for (const warning of result.warnings) console.warn(`Warning: ${warning}`);
    console.log(`Restored the backup of ${result.manifest.createdAt} from ${args.from}: ${result.done.join("; ")}. Start the server on it.`);
  }
} catch (error) {
  reportFailure("Restore", error);
}
