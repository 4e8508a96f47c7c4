import { handleAuthRequest } from "#app/server/auth/guards.server.ts";
import { clientAddress } from "#app/server/http/client-address.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/auth";

// better-auth at /api/auth/*, behind our credential throttle (auth/throttle.server.ts).
const handle = (request: Request, context: unknown) => {
  const { auth, database, mailer } = services();
  return handleAuthRequest(auth, database.db, request, { clientAddress: clientAddress(context), mailTransport: mailer.transport });
};

export const loader = ({ request, context }: Route.LoaderArgs) => handle(request, context);
export const action = ({ request, context }: Route.ActionArgs) => handle(request, context);
