import { handleAuthRequest } from "~/server/auth/guards.server";
import { clientAddress } from "~/server/http/client-address.server";
import { services } from "~/server/services.server";
import type { Route } from "./+types/auth";

// better-auth at /api/auth/*, behind our credential throttle (auth/throttle.server.ts).
const handle = (request: Request, context: unknown) => {
  const { auth, database } = services();
  return handleAuthRequest(auth, database.db, request, { clientAddress: clientAddress(context) });
};

export const loader = ({ request, context }: Route.LoaderArgs) => handle(request, context);
export const action = ({ request, context }: Route.ActionArgs) => handle(request, context);
