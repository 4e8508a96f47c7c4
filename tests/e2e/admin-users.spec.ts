import { expect, test, type BrowserContext, type Page } from "./support/test.ts";
import { adminContext } from "./support/admin.ts";
import { gotoHydrated } from "./support/page.ts";

test("an admin resets another user's password, which then signs in; roles change with guards", async ({ browser, baseURL }) => {
  const { context, page } = await adminContext(browser, baseURL!, "users-admin@example.com");
  const member = "users-member@example.com";
  // the member stays signed in here until the admin resets the password
  const signUp = await browser.newContext({ baseURL });
  expect((await signUp.request.post("/api/auth/sign-up/email", { data: { email: member, password: "member-pass-1", name: "member" }, headers: { origin: baseURL! } })).ok()).toBe(true);
  // only the site's first account is signed in by its sign-up
  expect((await signUp.request.post("/api/auth/sign-in/email", { data: { email: member, password: "member-pass-1" }, headers: { origin: baseURL! } })).ok()).toBe(true);
  expect(await sessionUser(signUp)).toBe(member);

  await gotoHydrated(page, "/admin/users");
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
  await expect(page.getByText("Manage users and their roles")).toBeVisible();
  for (const column of ["Email", "Role", "Created", "Last Sign In", "Actions"]) {
    await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
  }
  const row = page.getByTestId(`user-row-${member}`);
  await expect(row.getByText("user", { exact: true })).toBeVisible();

  // the dialog validates, then sets the password
  await row.getByRole("button", { name: "Reset Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset User Password" });
  await expect(dialog.getByLabel("New Password")).toHaveAttribute("placeholder", /minimum 8 characters/);
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expect(dialog.getByText("Please enter a new password")).toBeVisible();
  await dialog.getByLabel("New Password").fill("12345");
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expect(dialog.getByText("Password must be at least 8 characters")).toBeVisible();
  await dialog.getByLabel("New Password").fill("reset-by-admin-1");
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password updated successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  // the reset ended the member's session
  expect(await sessionUser(signUp)).toBeNull();
  await signUp.close();

  const memberContext = await browser.newContext({ baseURL });
  const old = await memberContext.request.post("/api/auth/sign-in/email", { data: { email: member, password: "member-pass-1" }, headers: { origin: baseURL! } });
  expect(old.status()).toBe(401);
  const fresh = await memberContext.request.post("/api/auth/sign-in/email", { data: { email: member, password: "reset-by-admin-1" }, headers: { origin: baseURL! } });
  expect(fresh.ok()).toBe(true);
  await memberContext.close();

  // make admin, then remove admin again; your own row offers no role change
  await row.getByRole("button", { name: "Make admin" }).click();
  await expect(page.getByText("User is now an admin")).toBeVisible();
  await expect(row.getByText("admin", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: "Remove admin" }).click();
  await expect(page.getByText("Admin rights removed")).toBeVisible();
  await expect(page.getByTestId("user-row-users-admin@example.com").getByRole("button", { name: /admin/ })).toHaveCount(0);

  // the server refuses removing your own admin role even when asked directly
  const refused = await page.request.post("/admin/users", {
    form: { intent: "set-role", userId: await ownId(page), role: "user" },
    headers: { origin: baseURL! },
  });
  expect(refused.status()).toBe(409);
  await context.close();
});

test("an admin changes their own password: current password first, the spec's checks, other sessions end", async ({ browser, baseURL }) => {
  const email = "password-admin@example.com";
  const { context, page } = await adminContext(browser, baseURL!, email);
  // the same account signed in on another device
  const elsewhere = await browser.newContext({ baseURL });
  expect((await elsewhere.request.post("/api/auth/sign-in/email", { data: { email, password: "admin-pass-1" }, headers: { origin: baseURL! } })).ok()).toBe(true);
  expect(await sessionUser(elsewhere)).toBe(email);

  await gotoHydrated(page, "/admin/password");
  await expect(page.getByText("Update your admin account password")).toBeVisible();
  const labels = await page.locator("form label").allTextContents();
  expect(labels).toEqual(["Current Password", "New Password", "Confirm New Password"]);
  const current = page.getByLabel("Current Password");
  const fresh = page.getByLabel("New Password", { exact: true });
  const confirm = page.getByLabel("Confirm New Password");
  await fresh.fill("abcdef");
  await confirm.fill("abcdeg");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Please enter your current password")).toBeVisible();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await current.fill("admin-pass-1");
  await fresh.fill("abc");
  await confirm.fill("abc");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Password must be at least 8 characters long")).toBeVisible();

  // a wrong current password changes nothing
  await current.fill("not-my-password");
  await fresh.fill("changed-pass-2");
  await confirm.fill("changed-pass-2");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Current password is incorrect").first()).toBeVisible();
  expect(await sessionUser(elsewhere)).toBe(email);

  await current.fill("admin-pass-1");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Password changed successfully")).toBeVisible();
  await expect(current).toHaveValue("");
  await expect(fresh).toHaveValue("");
  await expect(confirm).toHaveValue("");

  // the other device is signed out; this browser stays in the admin area
  expect(await sessionUser(elsewhere)).toBeNull();
  await elsewhere.close();
  await gotoHydrated(page, "/admin/password");
  await expect(page).toHaveURL(/\/admin\/password$/);
  await expect(page.getByText("Update your admin account password")).toBeVisible();

  const check = await browser.newContext({ baseURL });
  const res = await check.request.post("/api/auth/sign-in/email", { data: { email, password: "changed-pass-2" }, headers: { origin: baseURL! } });
  expect(res.ok()).toBe(true);
  await check.close();
  await context.close();
});

test("an admin deletes a user after confirming; deleting yourself is refused", async ({ browser, baseURL }) => {
  const { context, page } = await adminContext(browser, baseURL!, "delete-admin@example.com");
  const member = "delete-member@example.com";
  const memberContext = await browser.newContext({ baseURL });
  const headers = { origin: baseURL!, "x-forwarded-for": "198.18.200.9" };
  expect((await memberContext.request.post("/api/auth/sign-up/email", { data: { email: member, password: "member-pass-1", name: "member" }, headers })).ok()).toBe(true);
  expect((await memberContext.request.post("/api/auth/sign-in/email", { data: { email: member, password: "member-pass-1" }, headers })).ok()).toBe(true);
  expect(await sessionUser(memberContext)).toBe(member);

  await gotoHydrated(page, "/admin/users");
  const row = page.getByTestId(`user-row-${member}`);
  // your own row offers no delete
  await expect(page.getByTestId("user-row-delete-admin@example.com").getByRole("button", { name: "Delete" })).toHaveCount(0);
  // the confirm step: cancelling deletes nothing
  await row.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this user?" });
  await expect(confirm).toContainText(member);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete user" }).click();
  await expect(page.getByText("User deleted")).toBeVisible();
  await expect(row).toHaveCount(0);
  // the member's session ended with the account
  expect(await sessionUser(memberContext)).toBeNull();
  await memberContext.close();

  // the server refuses deleting yourself, on the screen's action and on better-auth's endpoint
  const self = await page.request.post("/admin/users", { form: { intent: "delete-user", userId: await ownId(page) }, headers: { origin: baseURL! } });
  expect(self.status()).toBe(409);
  expect(await self.text()).toContain("You cannot delete your own account.");
  const direct = await page.request.post("/api/auth/admin/remove-user", { data: { userId: await ownId(page) }, headers: { origin: baseURL! } });
  expect(direct.status()).toBe(409);
  expect(await sessionUser(context)).toBe("delete-admin@example.com");
  await context.close();
});

/** The e-mail this browser context is signed in as, or null. */
async function sessionUser(context: BrowserContext): Promise<string | null> {
  const res = await context.request.get("/api/auth/get-session");
  const body = (await res.json()) as { user: { email: string } } | null;
  return body?.user.email ?? null;
}

async function ownId(page: Page): Promise<string> {
  const res = await page.request.get("/api/auth/get-session");
  const body = (await res.json()) as { user: { id: string } };
  return body.user.id;
}
