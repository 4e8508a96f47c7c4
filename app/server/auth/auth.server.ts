import { betterAuth } from "better-auth";
import { admin } from "better-auth/plugins/admin";
import type { DatabaseHandle } from "../db/connection.server.ts";
import type { MailQueue } from "../mail/mail-queue.server.ts";
import { nowIso } from "../db/connection.server.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#app/lib/auth-schemas.ts";
import { accountRules } from "./account-rules.server.ts";
import { claimFirstAdmin } from "./first-admin.server.ts";
import { existingAccountMail, newAccountMail, passwordResetMail } from "./mails.ts";
import { passwordPolicy } from "./password-policy.server.ts";

export interface AuthOptions {
  database: DatabaseHandle;
  /** Mail goes out after the answer (issue 28, finding 8: no timing tells whether an account exists). */
  mail: MailQueue;
  publicUrl: string;
  secret: string;
  trustedOrigins: string[];
  /** The site name (General Settings), read when a mail is written so a renamed site's mails carry the new name. */
  siteName: () => Promise<string>;
  /** better-auth's log level: "warn" in production, "error" in tests (wrong passwords are expected there) */
  logLevel?: "warn" | "error";
}

export function createAuth(options: AuthOptions) {
  const { database, mail, publicUrl } = options;
  const signInUrl = new URL("/auth", publicUrl).toString();
  return betterAuth({
    baseURL: publicUrl,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: [publicUrl, ...options.trustedOrigins],
    database: { db: database.db, type: database.dialect },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // sign-up signs no one in, so a new and an existing e-mail get the same answer (better-auth then
      // answers a duplicate like a new account); the first admin is signed in by the guard (sign-up.server.ts)
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => mail.send(async () => ({ to: user.email, ...existingAccountMail(await options.siteName(), signInUrl) })),
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, url }) {
        // The link must come back to /auth, which opens the set-new-password form.
        const link = new URL(url);
        link.searchParams.set("callbackURL", "/auth");
        mail.send(async () => ({ to: user.email, ...passwordResetMail(await options.siteName(), link.toString()) }));
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // Our own database-backed throttle (auth/throttle.server.ts, decision 012) applies per client
    // address and per account; keep better-auth's in-memory limiter off so instances agree.
    rateLimit: { enabled: false },
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] }), accountRules(database), passwordPolicy()],
    databaseHooks: {
      session: {
        create: {
          async after(session, ctx) {
            // a password change renews the changer's session: that is not a sign-in
            if (ctx?.path === "/change-password") return;
            const now = nowIso();
            await database.db
              .insertInto("user_sign_ins")
              .values({ user_id: session.userId, last_sign_in_at: now })
              .onConflict((oc) => oc.column("user_id").doUpdateSet({ last_sign_in_at: now }))
              .execute();
          },
        },
      },
      user: {
        create: {
          async after(user) {
            if (!(await claimFirstAdmin(database.db, user.id))) mail.send(async () => ({ to: user.email, ...newAccountMail(await options.siteName(), signInUrl) }));
          },
        },
      },
    },
    telemetry: { enabled: false },
    logger: { level: options.logLevel ?? "warn" },
  });
}

export type Auth = ReturnType<typeof createAuth>;
