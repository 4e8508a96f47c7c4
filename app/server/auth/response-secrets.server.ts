/**
 * better-auth's JSON answers carry the session token (sign-in, sign-up, get-session, list-sessions).
 * The browser holds the session in an HttpOnly cookie; page script needs the user and the session's
 * dates, never the token: a token readable by script is one XSS away from a stolen session. Every
 * /api/auth answer passes here on its way out.
 */

/** Property names whose values are secrets, dropped wherever they occur in an answer. */
export const SECRET_FIELDS: ReadonlySet<string> = new Set(["token"]);

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\b/i;

/** The value (changed in place) without any SECRET_FIELDS property, at any depth (walked without recursion). */
export function withoutSecrets(value: unknown): unknown {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null || typeof current !== "object") continue;
    if (Array.isArray(current)) {
      stack.push(...(current as unknown[]));
      continue;
    }
    const record = current as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (SECRET_FIELDS.has(key)) delete record[key];
      else stack.push(record[key]);
    }
  }
  return value;
}

/** The response with its JSON body rid of secrets; status and headers (Set-Cookie too) kept. Other bodies pass untouched. */
export async function withoutSecretsInBody(response: Response): Promise<Response> {
  if (!JSON_TYPE.test(response.headers.get("content-type") ?? "") || !response.body) return response;
  const text = await response.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(withoutSecrets(value)), { status: response.status, statusText: response.statusText, headers });
}
