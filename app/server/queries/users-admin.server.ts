import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { countRows, readPage, type ListPage } from "./paging.server.ts";

export interface AdminUserRow {
  id: string;
  email: string;
  role: "admin" | "user";
  createdAt: string;
  lastSignInAt: string | null;
}

const iso = (v: string | Date | number) => new Date(v).toISOString();

/** One page of the accounts with their role and last sign-in, newest first (a new account is on page 1). */
export function listUsersWithRoles(db: Kysely<Database>, page = 1): Promise<ListPage<AdminUserRow>> {
  return readPage(
    page,
    () => countRows(db, "user"),
    (limit, offset) => userRows(db, limit, offset),
  );
}

async function userRows(db: Kysely<Database>, limit: number, offset: number): Promise<AdminUserRow[]> {
  const rows = await db
    .selectFrom("user")
    .leftJoin("user_sign_ins", "user_sign_ins.user_id", "user.id")
    .select(["user.id", "user.email", "user.role", "user.createdAt", "user_sign_ins.last_sign_in_at"])
    .orderBy("user.createdAt", "desc")
    .orderBy("user.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role === "admin" ? "admin" : "user",
    createdAt: iso(r.createdAt),
    lastSignInAt: r.last_sign_in_at,
  }));
}

export async function getUserRole(db: Kysely<Database>, userId: string): Promise<"admin" | "user" | null> {
  const row = await db.selectFrom("user").select("role").where("id", "=", userId).executeTakeFirst();
  if (!row) return null;
  return row.role === "admin" ? "admin" : "user";
}

export async function countAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("user")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("role", "=", "admin")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Why a role change must be refused, or null when it may go ahead. */
export function roleChangeRefusal(change: { actorId: string; targetId: string; targetRole: "admin" | "user"; newRole: "admin" | "user"; adminCount: number }): string | null {
  if (change.newRole === change.targetRole) return null;
  if (change.newRole === "user" && change.targetId === change.actorId) return "You cannot remove your own admin role.";
  if (change.newRole === "user" && change.targetRole === "admin" && change.adminCount <= 1) return "You cannot remove the last admin.";
  return null;
}

export type RoleChangeOutcome = { ok: true } | { ok: false; status: 403 | 404 | 409; message: string };

/**
 * Change a role under the rules above, atomically: the actor's and target's roles and the admin
 * count are read and written in one transaction that holds the admin rows (PostgreSQL: FOR UPDATE;
 * SQLite: one connection, so transactions run one at a time). Two admins demoting each other at
 * once therefore leave one admin, never zero.
 */
export async function changeRole(
  db: Kysely<Database>,
  dialect: "sqlite" | "postgres",
  change: { actorId: string; targetId: string; newRole: "admin" | "user" },
): Promise<RoleChangeOutcome> {
  return db.transaction().execute(async (trx) => {
    if (dialect === "postgres") {
      await trx.selectFrom("user").select("id").where("role", "=", "admin").orderBy("id").forUpdate().execute();
    }
    if ((await getUserRole(trx, change.actorId)) !== "admin") return { ok: false, status: 403, message: "Only an admin can change roles." };
    const targetRole = await getUserRole(trx, change.targetId);
    if (!targetRole) return { ok: false, status: 404, message: "User not found" };
    const refusal = roleChangeRefusal({ ...change, targetRole, adminCount: await countAdmins(trx) });
    if (refusal) return { ok: false, status: 409, message: refusal };
    if (targetRole !== change.newRole) {
      await trx.updateTable("user").set({ role: change.newRole, updatedAt: new Date().toISOString() }).where("id", "=", change.targetId).execute();
    }
    return { ok: true };
  });
}

/** Why deleting an account must be refused, or null when it may go ahead. */
export function deleteRefusal(removal: { actorId: string; targetId: string; targetRole: "admin" | "user"; adminCount: number }): string | null {
  if (removal.targetId === removal.actorId) return "You cannot delete your own account.";
  if (removal.targetRole === "admin" && removal.adminCount <= 1) return "You cannot delete the last admin.";
  return null;
}

export type DeleteUserOutcome = { ok: true } | { ok: false; status: 403 | 404 | 409; message: string };

/**
 * Delete an account under the rules above, with everything that lets it sign in (its sessions, its
 * accounts with their passwords, its pending reset links) and its sign-in record, in one transaction
 * that holds the admin rows like changeRole: two admins deleting each other at once leave one admin.
 */
export async function deleteUser(db: Kysely<Database>, dialect: "sqlite" | "postgres", removal: { actorId: string; targetId: string }): Promise<DeleteUserOutcome> {
  return db.transaction().execute(async (trx) => {
    if (dialect === "postgres") {
      await trx.selectFrom("user").select("id").where("role", "=", "admin").orderBy("id").forUpdate().execute();
    }
    if ((await getUserRole(trx, removal.actorId)) !== "admin") return { ok: false, status: 403, message: "Only an admin can delete users." };
    const targetRole = await getUserRole(trx, removal.targetId);
    if (!targetRole) return { ok: false, status: 404, message: "User not found" };
    const refusal = deleteRefusal({ ...removal, targetRole, adminCount: await countAdmins(trx) });
    if (refusal) return { ok: false, status: 409, message: refusal };
    await trx.deleteFrom("session").where("userId", "=", removal.targetId).execute();
    await trx.deleteFrom("account").where("userId", "=", removal.targetId).execute();
    await trx.deleteFrom("verification").where("value", "=", removal.targetId).execute();
    await trx.deleteFrom("user_sign_ins").where("user_id", "=", removal.targetId).execute();
    await trx.deleteFrom("user").where("id", "=", removal.targetId).execute();
    return { ok: true };
  });
}
