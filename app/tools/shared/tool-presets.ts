// Named presets (issue 30): the built-in ones are data in each tool's folder; the visitor's own are
// kept on the device (localStorage) under one versioned key, per tool slug. A preset is stored as
// its query string, so applying one goes through the same checks as a link: stored data that is
// no longer valid (an option renamed, a value removed) is ignored, never trusted.
import { defaultsOf, parseOptions, serializeOptions, type OptionSchema, type OptionValues } from "./tool-options-url.ts";

export const PRESETS_STORAGE_KEY = "tools-site:presets:v1";
export const MAX_PRESET_NAME = 60;
export const MAX_PRESETS_PER_TOOL = 50;

export interface BuiltInPreset<S extends OptionSchema> {
  name: string;
  options: Partial<OptionValues<S>>;
}

export interface SavedPreset {
  name: string;
  /** the options as a query string, defaults left out */
  query: string;
}

type StoredPresets = { version: 1; tools: Record<string, SavedPreset[]> };

export type PresetStorage = Pick<Storage, "getItem" | "setItem">;

const isSaved = (value: unknown): value is SavedPreset =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as SavedPreset).name === "string" &&
  (value as SavedPreset).name.trim() !== "" &&
  (value as SavedPreset).name.length <= MAX_PRESET_NAME &&
  typeof (value as SavedPreset).query === "string";

/** Every tool's saved presets; anything unreadable counts as none (the bad entries only). */
function readAll(storage: PresetStorage): StoredPresets {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(PRESETS_STORAGE_KEY) ?? "null");
  } catch {
    return { version: 1, tools: {} };
  }
  if (typeof parsed !== "object" || parsed === null || (parsed as StoredPresets).version !== 1) return { version: 1, tools: {} };
  const tools = (parsed as StoredPresets).tools;
  if (typeof tools !== "object" || tools === null) return { version: 1, tools: {} };
  const clean: Record<string, SavedPreset[]> = {};
  for (const [slug, list] of Object.entries(tools)) {
    if (Array.isArray(list)) clean[slug] = list.filter(isSaved).slice(0, MAX_PRESETS_PER_TOOL);
  }
  return { version: 1, tools: clean };
}

export function readPresets(storage: PresetStorage, slug: string): SavedPreset[] {
  return readAll(storage).tools[slug] ?? [];
}

function writeTool(storage: PresetStorage, slug: string, presets: SavedPreset[]): SavedPreset[] {
  const all = readAll(storage);
  all.tools[slug] = presets;
  storage.setItem(PRESETS_STORAGE_KEY, JSON.stringify(all));
  return presets;
}

/** Saves (or replaces, by name) a preset; returns the tool's presets. Throws when storage refuses. */
export function savePreset(storage: PresetStorage, slug: string, preset: SavedPreset): SavedPreset[] {
  const name = preset.name.trim().slice(0, MAX_PRESET_NAME);
  if (!name) throw new RangeError("A preset needs a name.");
  const others = readPresets(storage, slug).filter((p) => p.name !== name);
  if (others.length >= MAX_PRESETS_PER_TOOL) throw new RangeError(`At most ${MAX_PRESETS_PER_TOOL} presets per tool.`);
  return writeTool(storage, slug, [...others, { name, query: preset.query }]);
}

export function deletePreset(storage: PresetStorage, slug: string, name: string): SavedPreset[] {
  return writeTool(
    storage,
    slug,
    readPresets(storage, slug).filter((p) => p.name !== name),
  );
}

/** A built-in preset as a query (defaults left out), or null when it names an option this tool lacks. */
export function builtInQuery<S extends OptionSchema>(schema: S, preset: BuiltInPreset<S>): string | null {
  const values = { ...defaultsOf(schema), ...preset.options };
  const query = serializeOptions(schema, values).toString();
  // every option it sets must be one of this tool's, with a value the tool accepts
  const { ignored } = parseOptions(schema, new URLSearchParams(query));
  const unknown = Object.keys(preset.options).some((name) => !Object.hasOwn(schema, name));
  return ignored.length > 0 || unknown ? null : query;
}
