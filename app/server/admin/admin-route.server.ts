import { requireAdmin } from "~/server/auth/session.server";
import { adminAction, fail, type AdminActionOptions } from "./form.server";

// The shape every admin route's action shares, written once: the admin guard, then adminAction
// (the form read safely, a thrown error answered as the screen's failure toast).

/**
 * An admin route's action: `export const action = adminRouteAction(handle, { failed: "Failed to save menu" })`.
 * `handle` gets the posted form and the route's action arguments (params, context).
 */
export function adminRouteAction<A extends { request: Request }, T>(handle: (form: FormData, args: A) => Promise<T> | T, options?: AdminActionOptions) {
  return async (args: A) => {
    await requireAdmin(args.request);
    return adminAction(args.request, (form) => handle(form, args), options);
  };
}

/** What one intent's handler gets: the posted form and the intent itself (for the answer's `intent`). */
type IntentHandler = (form: FormData, intent: string) => unknown;

/** A handler per posted `intent` (a screen with several forms); any other intent is a 400 "Unknown action.". */
export function byIntent<H extends Readonly<Record<string, IntentHandler>>>(handlers: H) {
  return async (form: FormData): Promise<Awaited<ReturnType<H[keyof H]>> | ReturnType<typeof fail>> => {
    const intent = form.get("intent");
    const handler = typeof intent === "string" && Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
    if (!handler || typeof intent !== "string") return fail("Unknown action.");
    return (await handler(form, intent)) as Awaited<ReturnType<H[keyof H]>>;
  };
}
