// Vitest's global setup: the tool lists are generated files (not in git), so every test run writes
// them from the folders first, as `npm ci`, dev, build and typecheck do.
import { writeToolLists } from "../../scripts/tool-lists.ts";

export async function setup(): Promise<void> {
  await writeToolLists(process.cwd());
}
