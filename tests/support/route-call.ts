// Calling a route's loader or action as React Router would, and reading what it answered or threw
// (a Response, a data() result or a plain value).

export type Outcome = { status: number; location: string | null; body: unknown };

function read(value: unknown, fallback: number): Outcome {
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location"), body: null };
  const withInit = value as { type?: string; data?: unknown; init?: { status?: number } } | null;
  if (withInit?.type === "DataWithResponseInit") return { status: withInit.init?.status ?? 200, location: null, body: withInit.data };
  return { status: fallback, location: null, body: value };
}

export async function callRoute(fn: (args: never) => unknown, request: Request, params: Record<string, string> = {}): Promise<Outcome> {
  try {
    return read(await fn({ request, params, context: {} } as never), 200);
  } catch (thrown) {
    return read(thrown, 500);
  }
}
