import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { countRows, readPage, type ListPage } from "./paging.server";

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
