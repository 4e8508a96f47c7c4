import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { parseUserOutput } from "better-auth/db";
import { deleteUserSchema, setRoleSchema } from "#app/lib/admin/password-forms.ts";
import type { DatabaseHandle } from "../db/connection.server.ts";
import { changeRole, deleteUser } from "../queries/users-admin.server.ts";
import { endSessions } from "./sessions.server.ts";

/**
 * The admin plugin's endpoints that answer over HTTP, each through the same rules as the Users
 * screen. Every other /admin/* endpoint of the plugin (ban, impersonate, create, update,
 * list users and sessions, revoke sessions, has-permission...) has no screen on this site: over HTTP
 * it answers 404. Our own server code may still call any of them through `auth.api.*`.
 */
export const ADMIN_ENDPOINTS_OVER_HTTP: ReadonlySet<string> = new Set(["/admin/set-role", "/admin/set-user-password", "/admin/remove-user"]);

export const ADMIN_ENDPOINT_NOT_AVAILABLE =
  "This endpoint is not available on this site. Users, roles and passwords are managed in the admin area at /admin/users.";

/** Whether a call to better-auth's `path` must be refused because it came over HTTP. */
export function refusedOverHttp(path: string | undefined): boolean {
  return path !== undefined && path.startsWith("/admin/") && !ADMIN_ENDPOINTS_OVER_HTTP.has(path);
}

/**
 * A refusal from a before-hook: an HTTP caller gets it as the answer (thrown, better-auth would also
 * log it as a server error); a server-side `auth.api.*` caller gets it thrown, as from the endpoint.
 */
function refuse(request: Request | undefined, error: APIError): APIError {
  if (request) return error;
  throw error;
}

/**
 * Our account rules inside better-auth, so they hold on every path (the HTTP API, our actions'
 * `auth.api.*` calls, and any future caller):
 * - a role change goes through the Users screen's rules, atomically (never demote yourself, never
 *   leave zero admins), and only to "admin" or "user";
 * - deleting an account goes through the same kind of rules (never yourself, never the last admin),
 *   and takes its sessions, accounts and reset links with it in one transaction;
 * - an admin setting a password ends every session of that account (except the admin's own
 *   current one, when it is their own account);
 * - /change-password always ends the account's other sessions;
 * - the admin endpoints without a screen are not exposed over HTTP.
 * A reset through the e-mailed link ends every session through better-auth's own
 * `revokeSessionsOnPasswordReset`.
 */
export function accountRules(database: DatabaseHandle) {
  return {
    id: "account-rules",
    hooks: {
      before: [
        {
          matcher: (ctx) => refusedOverHttp(ctx.path),
          handler: createAuthMiddleware(async (ctx) => {
            // server-side auth.api.* calls carry no Request: only HTTP callers are refused
            if (!ctx.request) return;
            return new APIError("NOT_FOUND", { code: "NOT_AVAILABLE", message: ADMIN_ENDPOINT_NOT_AVAILABLE });
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/admin/set-role",
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            // no session or not an admin: the endpoint itself answers 401/403
            if (!session || session.user.role !== "admin") return;
            const parsed = setRoleSchema.safeParse(ctx.body);
            if (!parsed.success) {
              return refuse(ctx.request, new APIError("BAD_REQUEST", { code: "INVALID_ROLE_CHANGE", message: parsed.error.issues[0]?.message ?? "Invalid role change" }));
            }
            const outcome = await changeRole(database.db, database.dialect, { actorId: session.user.id, targetId: parsed.data.userId, newRole: parsed.data.role });
            if (!outcome.ok) {
              const status = outcome.status === 403 ? "FORBIDDEN" : outcome.status === 404 ? "NOT_FOUND" : "CONFLICT";
              return refuse(ctx.request, new APIError(status, { code: "ROLE_CHANGE_REFUSED", message: outcome.message }));
            }
            // Done here, under the rules: answer as the endpoint would, without it writing again.
            const user = await ctx.context.internalAdapter.findUserById(parsed.data.userId);
            if (!user) return refuse(ctx.request, new APIError("NOT_FOUND", { message: "User not found" }));
            return { user: parseUserOutput(ctx.context.options, user) };
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/admin/remove-user",
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            // no session or not an admin: the endpoint itself answers 401/403
            if (!session || session.user.role !== "admin") return;
            const parsed = deleteUserSchema.safeParse(ctx.body);
            if (!parsed.success) {
              return refuse(ctx.request, new APIError("BAD_REQUEST", { code: "INVALID_USER_REMOVAL", message: parsed.error.issues[0]?.message ?? "Invalid request" }));
            }
            const outcome = await deleteUser(database.db, database.dialect, { actorId: session.user.id, targetId: parsed.data.userId });
            if (!outcome.ok) {
              const status = outcome.status === 403 ? "FORBIDDEN" : outcome.status === 404 ? "NOT_FOUND" : "CONFLICT";
              return refuse(ctx.request, new APIError(status, { code: "USER_REMOVAL_REFUSED", message: outcome.message }));
            }
            // Done here, in one transaction: answer as the endpoint would, without it deleting again.
            return { success: true };
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/change-password",
          handler: createAuthMiddleware(async (ctx) => {
            const body: unknown = ctx.body;
            if (!body || typeof body !== "object") return;
            return { context: { body: { ...body, revokeOtherSessions: true } } };
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/admin/set-user-password",
          handler: createAuthMiddleware(async (ctx) => {
            const returned: unknown = ctx.context.returned;
            if (!returned || isAPIError(returned)) return;
            const body: unknown = ctx.body;
            const userId = body && typeof body === "object" && "userId" in body ? String(body.userId) : null;
            if (!userId) return;
            const session = await getSessionFromCtx(ctx);
            await endSessions(database.db, userId, session?.session.token);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
