import { listToolCards } from "~/server/queries/tools.server";
import { services } from "~/server/services.server";
import { PUBLIC_PAGE_HEADERS } from "~/server/site-shell.server";

/** /search-index.json: the tool list the Ctrl/Cmd+K search loads when first opened. */
export async function loader() {
  const tools = await listToolCards(services().database.db);
  return Response.json(tools, { headers: PUBLIC_PAGE_HEADERS });
}
