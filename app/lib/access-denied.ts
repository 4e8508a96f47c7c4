// A signed-in account without the admin role on an admin URL: the admin layout shows this screen
// (status 403) and the session stays; the account holder may sign out from it. Shared by the server
// guard that throws it and the boundary that draws it.

export const ACCESS_DENIED_TITLE = "Access Denied";
export const ACCESS_DENIED_TEXT = "You don't have admin privileges.";

/** The data of the 403 the admin guard throws. */
export type AccessDenied = { accessDenied: true; email: string };

/** Whether a route error is the admin guard's 403 (by its status and data). */
export function isAccessDenied(error: { status: number; data: unknown }): error is { status: 403; data: AccessDenied } {
  return error.status === 403 && typeof error.data === "object" && error.data !== null && (error.data as { accessDenied?: unknown }).accessDenied === true;
}
