// Browser calls to better-auth's endpoints. Plain fetch keeps the sign-in page light.

export type AuthResult = { ok: true; data: unknown } | { ok: false; status: number; message: string; code?: string };

export async function postAuth(path: string, body: Record<string, unknown>): Promise<AuthResult> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: "Could not reach the server. Check your connection and try again." };
  }
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, data };
  const message =
    data && typeof data === "object" && "message" in data && typeof data.message === "string" && data.message
      ? data.message
      : `Request failed (${response.status})`;
  const code = data && typeof data === "object" && "code" in data && typeof data.code === "string" ? data.code : undefined;
  return { ok: false, status: response.status, message, code };
}
