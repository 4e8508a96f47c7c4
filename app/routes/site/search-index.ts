import { listSearchableTools } from "#app/server/queries/tools.server.ts";
import { services } from "#app/server/services.server.ts";
import { PUBLIC_PAGE_HEADERS } from "#app/server/site-shell.server.ts";

/** /search-index.json: the tool list the Ctrl/Cmd+K search loads when first opened. */
export async function loader() {
  const tools = await listSearchableTools(services().database.db);
  return Response.json(tools, { headers: PUBLIC_PAGE_HEADERS });
}
