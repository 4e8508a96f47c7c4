// A file tool's options as URL parameters (issue 30, "presets as links"): each tool declares a
// schema of its options next to its page (`presets.ts` in its folder); this reads a query into valid
// options, ignoring with a reason every parameter that is unknown or invalid (a link never breaks the
// page), and writes options back as parameters, leaving out the defaults so links stay short.
// Hand-written, not zod: five small kinds of option cover every tool and cost a few hundred bytes in the
// tool pages' chunks (decision 051).

export type OptionValue = string | number | boolean;

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

/** One option: its default, how a parameter's text becomes a value, and how a value is spelled. */
export interface OptionSpec<T extends OptionValue> {
  readonly default: T;
  parse(text: string): Parsed<T>;
  format(value: T): string;
}

// oxlint-disable-next-line typescript/no-explicit-any -- a schema mixes options of different value types
export type OptionSchema = Readonly<Record<string, OptionSpec<any>>>;

export type OptionValues<S extends OptionSchema> = { -readonly [K in keyof S]: S[K] extends OptionSpec<infer T> ? T : never };

/** A parameter the page did not use, and why. */
export interface IgnoredParam {
  name: string;
  value: string;
  reason: string;
}

/** One of a fixed set of values, each spelled by its name in the URL (`names`: name → value). */
export function named<const T extends string | number>(names: Readonly<Record<string, T>>, fallback: T): OptionSpec<T> {
  return choiceOf(Object.entries(names), fallback);
}

/** One of a fixed list of values, spelled as themselves (`?format=bc7`, `?dpi=300`). */
export function oneOf<const T extends string | number>(values: readonly T[], fallback: T): OptionSpec<T> {
  // a list, not an object: an object would put number-like names first and reorder the note's list
  return choiceOf(values.map((value) => [String(value), value]), fallback);
}

function choiceOf<T extends string | number>(entries: readonly (readonly [string, T])[], fallback: T): OptionSpec<T> {
  const list = entries.map(([name]) => name).join(", ");
  return {
    default: fallback,
    parse: (text) => {
      const found = entries.find(([name]) => name === text);
      return found ? { ok: true, value: found[1] } : { ok: false, reason: `not one of ${list}` };
    },
    format: (value) => entries.find(([, v]) => v === value)?.[0] ?? String(value),
  };
}

/** A whole number from `min` to `max`. */
export function intRange(min: number, max: number, fallback: number): OptionSpec<number> {
  return {
    default: fallback,
    parse: (text) => {
      if (!/^-?\d{1,9}$/.test(text)) return { ok: false, reason: `not a whole number from ${min} to ${max}` };
      const value = Number(text);
      return value >= min && value <= max ? { ok: true, value } : { ok: false, reason: `not a whole number from ${min} to ${max}` };
    },
    format: String,
  };
}

/** A number from `min` to `max`, decimals allowed (`?exposure=-1.5`). */
export function decimalRange(min: number, max: number, fallback: number): OptionSpec<number> {
  return {
    default: fallback,
    parse: (text) => {
      const value = Number(text);
      return /^-?\d{1,6}(\.\d{1,6})?$/.test(text) && value >= min && value <= max ? { ok: true, value } : { ok: false, reason: `not a number from ${min} to ${max}` };
    },
    format: String,
  };
}

/**
 * Any subset of a list of numbers (`?sizes=16,32,48`), held as its canonical text: the members in
 * the list's order, comma-separated ("" for none), so a value stays a plain string to compare.
 */
export function subsetOf(allowed: readonly number[], fallback: readonly number[]): OptionSpec<string> {
  const canonical = (members: readonly number[]) => allowed.filter((n) => members.includes(n)).join(",");
  return {
    default: canonical(fallback),
    parse: (text) => {
      const parts = text === "" ? [] : text.split(",");
      if (parts.some((part) => !allowed.some((n) => String(n) === part))) return { ok: false, reason: `not a comma-separated list of ${allowed.join(", ")}` };
      return { ok: true, value: canonical(parts.map(Number)) };
    },
    format: (value) => value,
  };
}

/** The numbers of a `subsetOf` value. */
export const subsetMembers = (value: string): number[] => (value === "" ? [] : value.split(",").map(Number));

const TRUE = new Set(["1", "true", "yes", "on"]);
const FALSE = new Set(["0", "false", "no", "off"]);

/** On or off: written `1` / `0`; true/false, yes/no and on/off are read too. */
export function flag(fallback: boolean): OptionSpec<boolean> {
  return {
    default: fallback,
    parse: (text) => {
      const lower = text.toLowerCase();
      if (TRUE.has(lower)) return { ok: true, value: true };
      if (FALSE.has(lower)) return { ok: true, value: false };
      return { ok: false, reason: "not 1 or 0" };
    },
    format: (value) => (value ? "1" : "0"),
  };
}

export function defaultsOf<S extends OptionSchema>(schema: S): OptionValues<S> {
  return Object.fromEntries(Object.entries(schema).map(([name, spec]) => [name, spec.default])) as OptionValues<S>;
}

/**
 * The options a query gives, over `base` (the defaults unless told), and every parameter ignored:
 * unknown names, invalid values, a name given twice (the first counts).
 */
export function parseOptions<S extends OptionSchema>(schema: S, params: URLSearchParams, base: OptionValues<S> = defaultsOf(schema)): { values: OptionValues<S>; ignored: IgnoredParam[] } {
  const values: Record<string, OptionValue> = { ...base };
  const ignored: IgnoredParam[] = [];
  const seen = new Set<string>();
  for (const [name, value] of params) {
    const spec = Object.hasOwn(schema, name) ? schema[name] : undefined;
    if (!spec) {
      ignored.push({ name, value, reason: "not a setting of this tool" });
      continue;
    }
    if (seen.has(name)) {
      ignored.push({ name, value, reason: "given more than once (the first counts)" });
      continue;
    }
    seen.add(name);
    const parsed = spec.parse(value);
    if (parsed.ok) values[name] = parsed.value;
    else ignored.push({ name, value, reason: parsed.reason });
  }
  return { values: values as OptionValues<S>, ignored };
}

/** The options as parameters in the schema's order, defaults left out. */
export function serializeOptions<S extends OptionSchema>(schema: S, values: OptionValues<S>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, spec] of Object.entries(schema)) {
    const value = values[name];
    if (value !== undefined && value !== spec.default) params.set(name, spec.format(value));
  }
  return params;
}

const NOTE_VALUE_CHARS = 40;

/** "Ignored ?quality=ultra: not one of fast, balanced, best" */
export function ignoredNote({ name, value, reason }: IgnoredParam): string {
  const shown = value.length > NOTE_VALUE_CHARS ? `${value.slice(0, NOTE_VALUE_CHARS)}…` : value;
  const shownName = name.length > NOTE_VALUE_CHARS ? `${name.slice(0, NOTE_VALUE_CHARS)}…` : name;
  return `Ignored ?${shownName}${value === "" ? "" : `=${shown}`}: ${reason}`;
}

/** A page's address with these options as its whole query (the hash kept). */
export function urlWithOptions(location: { pathname: string; hash: string }, params: URLSearchParams): string {
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ""}${location.hash}`;
}
