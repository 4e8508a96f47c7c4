import { handleAuthRequest } from "~/server/auth/guards.server";
import { services } from "~/server/services.server";
import type { Route } from "./+types/auth";

// better-auth at /api/auth/*, behind our server-side rate limits.
const handle = (request: Request) => {
  const { auth, database } = services();
  return handleAuthRequest(auth, database.db, request);
};

export const loader = ({ request }: Route.LoaderArgs) => handle(request);
export const action = ({ request }: Route.ActionArgs) => handle(request);
