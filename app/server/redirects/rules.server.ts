import { routePath } from "#app/server/http/site-paths.server.ts";

// Redirect rules without a database (issue 29, "Addresses never break"): how a source and a target
// are written, how a path resolves, where a chain loops, and the CSV the Redirects screen imports
// and exports. Sources are compared in the router's normalised form (routePath), so `/Blog/Old/`
// and `/blog/old` are one address, as they are one page.

export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export interface RedirectRule {
  from: string;
  to: string;
  status: RedirectStatus;
}

/** Why a rule is refused; `message` is what the admin reads. */
export type RuleProblem = { reason: "invalid-from" | "invalid-to" | "same" | "loop" | "shadows"; message: string };

const MAX_LENGTH = 2000;

/** A source as stored (routePath's form), or null when it is not a site path (no scheme, host or control characters). */
export function normaliseSource(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed.startsWith("/") || trimmed.startsWith("//") || trimmed.length > MAX_LENGTH || /[\s\\]/.test(trimmed)) return null;
  const path = routePath(trimmed);
  return path === "/" ? null : path;
}

/** A target as stored: a site path (query kept) or an absolute http(s) URL; null for anything else. */
export function normaliseTarget(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_LENGTH || /[\s\\]/.test(trimmed)) return null;
  if (trimmed.startsWith("/")) return trimmed.startsWith("//") ? null : trimmed;
  try {
    const url = new URL(trimmed);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The source a target would be looked up as, or null for another site (no chain continues there). */
export function targetKey(to: string): string | null {
  return to.startsWith("/") ? routePath(to) : null;
}

/**
 * The chain `from → to → …` would make with the existing rules, if it comes back to `from` (a loop
 * no browser leaves): the addresses in order, else null. `rules` maps each source to its target;
 * a rule being replaced is simply overwritten by the new one.
 */
export function findLoop(rules: ReadonlyMap<string, string>, from: string, to: string): string[] | null {
  const chain = [from];
  const seen = new Set([from]);
  let next = targetKey(to);
  while (next !== null) {
    chain.push(next);
    if (next === from) return chain;
    // a loop among other rules that does not reach `from` is theirs, not this rule's: stop
    if (seen.has(next)) return null;
    seen.add(next);
    const onward = rules.get(next);
    next = onward === undefined ? null : targetKey(onward);
  }
  return null;
}

/** Checks a rule's shape and that it loops nowhere; null when it may be saved (shadowing is checked against the database). */
export function ruleProblem(rules: ReadonlyMap<string, string>, from: string, to: string): RuleProblem | null {
  if (targetKey(to) === from) return { reason: "same", message: "A redirect cannot point to its own address." };
  const loop = findLoop(rules, from, to);
  if (loop) return { reason: "loop", message: `This redirect would make a loop: ${loop.join(" → ")}.` };
  return null;
}

/** The location a request path is sent to, with the request's query when the target has none. */
export function redirectLocation(to: string, query: string): string {
  return query && !to.includes("?") ? `${to}${query}` : to;
}

// CSV (RFC 4180: comma-separated, fields with a comma, quote or line break in double quotes).

const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The export: a header line, then one `from,to,status,hits,last_hit` line per rule. */
export function redirectsToCsv(rows: readonly { from: string; to: string; status: number; hits: number; lastHitAt: string | null }[]): string {
  const lines = ["from,to,status,hits,last_hit"];
  for (const r of rows) lines.push([r.from, r.to, String(r.status), String(r.hits), r.lastHitAt ?? ""].map(csvField).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** The records of a CSV text (quoted fields may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records.filter((r) => r.some((f) => f.trim() !== ""));
}

export type ImportLine = { line: number; from: string; to: string; status: RedirectStatus } | { line: number; error: string };

/** The import's rules: `from,to[,status]` per line (an export's extra columns ignored); a header line is skipped. */
export function parseRedirectCsv(text: string): ImportLine[] {
  const records = parseCsv(text);
  const first = records[0];
  const start = first && first[0]?.trim().toLowerCase() === "from" ? 1 : 0;
  return records.slice(start).map((record, index): ImportLine => {
    const line = index + start + 1;
    const [fromText = "", toText = "", statusText = ""] = record;
    const from = normaliseSource(fromText);
    if (!from) return { line, error: `"${fromText.slice(0, 80)}" is not a site path (it must start with /).` };
    const to = normaliseTarget(toText);
    if (!to) return { line, error: `"${toText.slice(0, 80)}" is not a path or an http(s) address.` };
    const status = statusText.trim() === "" ? 301 : Number(statusText.trim());
    if (status !== 301 && status !== 302) return { line, error: `Status "${statusText.slice(0, 10)}" must be 301 or 302.` };
    return { line, from, to, status };
  });
}
