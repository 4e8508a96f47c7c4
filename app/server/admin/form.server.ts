import { data } from "react-router";
import type { z } from "zod";
import { checkForm, type ActionResult } from "#app/lib/forms.ts";
import { bodyLimitFor, mediaType, parseFormBytes, readBodyBytes } from "#app/server/http/request-body.server.ts";
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "#app/server/http/text-safety.server.ts";

export function ok(message: string, intent?: string) {
  return { ok: true, message, intent } satisfies ActionResult;
}

/** 400 with the message (and field messages) the form shows; the action stops here. */
export function fail(message: string, fieldErrors?: Record<string, string>, status = 400, intent?: string) {
  return data({ ok: false, message, fieldErrors, intent } satisfies ActionResult, { status });
}

export const FORM_UNREADABLE = "The form could not be read. Please try again.";
export const ACTION_FAILED = "The server could not complete this action. Please try again.";

/** The two encodings a browser form posts. */
export const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;
export type FormType = (typeof FORM_TYPES)[number];

export type ReadFormOptions = {
  /** Largest body read; default the path's limit from the HTTP layer (bodyLimitFor), so both agree. */
  maxBytes?: number;
  /** The 413 message; default names the limit. */
  tooLarge?: string;
  /** Accepted encodings; default both form encodings. */
  types?: readonly FormType[];
};

/** Why a body is not a form: 415 not a form encoding, 413 over the limit, 400 broken, cut off or not UTF-8. */
export type FormReadFailure = { status: 400 | 413 | 415; message: string };

const sizeText = (bytes: number) => (bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/**
 * The one way a server route reads a posted form: checks the encoding, reads a bounded body and
 * parses it, answering a malformed request with a 4xx reason instead of throwing (a throw is a 500).
 */
export async function readFormBody(request: Request, options: ReadFormOptions = {}): Promise<{ ok: true; form: FormData } | ({ ok: false } & FormReadFailure)> {
  const types = options.types ?? FORM_TYPES;
  const type = mediaType(request.headers.get("Content-Type"));
  if (!(types as readonly string[]).includes(type)) {
    const wanted = types.join(" or ");
    return { ok: false, status: 415, message: type ? `Unsupported Content-Type "${type.slice(0, 100)}". Send the form as ${wanted}.` : `The request has no Content-Type. Send the form as ${wanted}.` };
  }
  const encoding = (request.headers.get("Content-Encoding") ?? "identity").trim().toLowerCase();
  if (encoding !== "identity") return { ok: false, status: 415, message: "Compressed request bodies are not accepted. Send the form uncompressed." };

  const maxBytes = options.maxBytes ?? bodyLimitFor(new URL(request.url).pathname);
  const bytes = await readBodyBytes(request, maxBytes);
  if (bytes === "too-large") return { ok: false, status: 413, message: options.tooLarge ?? `The form is too large (the limit here is ${sizeText(maxBytes)}).` };
  // the client stopped sending (cut off or aborted)
  if (bytes === "unreadable") return { ok: false, status: 400, message: FORM_UNREADABLE };
  const form = await parseFormBytes(bytes, request.headers.get("Content-Type"));
  // a broken multipart body (bad or missing boundary, cut off) or text that is not UTF-8
  if (!form) return { ok: false, status: 400, message: FORM_UNREADABLE };
  // a NUL byte in any field (or file name) would fail the query on PostgreSQL: one check for every field
  if (findUnstorableText(form) !== null) return { ok: false, status: 400, message: UNSTORABLE_TEXT_MESSAGE };
  return { ok: true, form };
}

/** readFormBody for an action: the failure comes as the ActionResult answer the screen toasts. */
export async function readForm(request: Request, options?: ReadFormOptions): Promise<{ ok: true; form: FormData } | { ok: false; answer: ReturnType<typeof fail> }> {
  const read = await readFormBody(request, options);
  return read.ok ? read : { ok: false, answer: fail(read.message, undefined, read.status) };
}

/** A Response or data() answer a handler threw on purpose (a redirect, a 404 from notFound). */
function isThrownAnswer(value: unknown): boolean {
  return value instanceof Response || (typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit");
}

/** The screen's failure toast: one text, or one per intent (an intent without its own text gets `otherwise`, else ACTION_FAILED). */
export type FailureText = string | { byIntent: Readonly<Record<string, string>>; otherwise?: string };

export type AdminActionOptions = ReadFormOptions & {
  /** What the toast says when the handler throws; default ACTION_FAILED. */
  failed?: FailureText;
};

function failureText(failed: FailureText | undefined, intent: string | undefined): string {
  if (failed === undefined) return ACTION_FAILED;
  if (typeof failed === "string") return failed;
  return (intent !== undefined && Object.hasOwn(failed.byIntent, intent) ? failed.byIntent[intent] : undefined) ?? failed.otherwise ?? ACTION_FAILED;
}

/**
 * The body of every admin action, after its requireAdmin guard, and its one failure policy: reads the
 * form safely (415/413/400 answers), then runs `handle`. An unexpected error (a DB failure, a bug) is
 * logged with console.error and answered as the screen's failure toast (an ActionResult with status
 * 500, which the screen shows: never the error page); thrown Responses and data() answers (redirects,
 * notFound's 404) pass through untouched. Handlers therefore need no try/catch of their own.
 */
export async function adminAction<T>(request: Request, handle: (form: FormData) => Promise<T> | T, options: AdminActionOptions = {}): Promise<T | ReturnType<typeof fail>> {
  const read = await readForm(request, options);
  if (!read.ok) return read.answer;
  try {
    return await handle(read.form);
  } catch (error) {
    if (isThrownAnswer(error)) throw error;
    const posted = read.form.get("intent");
    const intent = typeof posted === "string" ? posted.slice(0, 100) : undefined;
    console.error(`[admin] ${request.method} ${new URL(request.url).pathname}${intent ? ` (${intent})` : ""} failed:`, error);
    return fail(failureText(options.failed, intent), undefined, 500, intent);
  }
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

/** The file a file input posted, or null: an input left empty still posts a nameless, empty file. */
export function chosenFile(value: FormDataEntryValue | null): File | null {
  return value instanceof File && (value.size > 0 || value.name !== "") ? value : null;
}

/**
 * Parse a form with the schema the browser also uses (app/lib/forms.ts). On failure the result carries
 * the 400 answer with the first message per field; the action returns it (a thrown answer would go to
 * the error boundary instead of the form): `const parsed = parseForm(form, schema); if (!parsed.ok) return parsed.answer;`
 */
export function parseForm<S extends z.ZodType>(
  form: FormData,
  schema: S,
  message = "Please correct the highlighted fields.",
  intent?: string,
): { ok: true; data: z.infer<S> } | { ok: false; answer: ReturnType<typeof fail> } {
  const checked = checkForm(schema, form);
  return checked.ok ? checked : { ok: false, answer: fail(message, checked.fieldErrors, 400, intent) };
}

/** Ids are PostgreSQL `serial` (int4): a larger number is no row, and pg would fail the query (a 500). */
export const MAX_ID = 2_147_483_647;

/** A positive whole-number id from a form field or URL param, or null. */
export function parseId(value: unknown): number | null {
  const id = typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ID ? id : null;
}

export const INVALID_ID = "Missing or invalid id.";

/** 404 for a missing row, thrown early. */
export function notFound(what: string): never {
  throw data({ ok: false, message: `${what} not found` } satisfies ActionResult, { status: 404 });
}
