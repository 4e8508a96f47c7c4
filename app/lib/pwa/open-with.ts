// Which tools can open a file, and what the launch page (/open) does with a set of files: go
// straight to the one tool that takes them all, offer the tools that take some, or say that none
// does. The test of a file is the frame's own (matchesAccept: name, then MIME type), so a tool
// offered here never refuses the file it is handed; a name that matches nothing is given the
// extension its first bytes prove (#codecs/common/file-sniff.ts), and the tool gets the file under that name.
import { matchesAccept } from "#app/tools/shared/file-accept.ts";
import type { ToolMeta } from "#app/tools/types.ts";
import { fileTools } from "./file-handlers.ts";
import { sniffExtension } from "#codecs/common/file-sniff.ts";

export interface FileFacts {
  name: string;
  /** the MIME type the browser gave it ("" when it knows none) */
  type: string;
  /** its first bytes (SNIFF_BYTES of them), when the caller read them */
  head?: Uint8Array | null;
}

export interface FileMatch {
  /** the name the tools are to see: its own, or with the extension its first bytes proved */
  name: string;
  /** that extension, when the name alone matched no tool */
  sniffed: string | null;
  /** the tools that accept it, in catalogue order */
  tools: ToolMeta[];
}

/** The tools that can open one file (`tools`: the file tools on offer, in catalogue order). */
export function matchFile(file: FileFacts, tools: readonly ToolMeta[]): FileMatch {
  const offered = fileTools(tools);
  const takers = (name: string) => offered.filter((tool) => tool.accept !== undefined && matchesAccept({ name, type: file.type }, tool.accept));
  const byName = takers(file.name);
  if (byName.length > 0 || !file.head) return { name: file.name, sniffed: null, tools: byName };
  const sniffed = sniffExtension(file.head);
  if (!sniffed) return { name: file.name, sniffed: null, tools: [] };
  const name = `${file.name}.${sniffed}`;
  const bySniff = takers(name);
  return bySniff.length > 0 ? { name, sniffed, tools: bySniff } : { name: file.name, sniffed: null, tools: [] };
}

export interface ToolChoice {
  tool: ToolMeta;
  /** the indexes of the files it takes, in the order they came */
  files: number[];
}

export type OpenPlan =
  /** one tool takes every file: go there with them */
  | { kind: "tool"; choice: ToolChoice }
  /** several tools (or one that takes only some files): the visitor picks; `unsupported` are the files no tool takes */
  | { kind: "choose"; choices: ToolChoice[]; unsupported: number[] }
  /** no tool takes any of the files */
  | { kind: "none"; unsupported: number[] };

/** The tool whose rule names the file's extension first reads it as its own input (png-to-dds for a .png). */
function isOwnInput(tool: ToolMeta, name: string): boolean {
  const first = tool.accept?.extensions[0];
  return first !== undefined && name.toLowerCase().endsWith(`.${first}`);
}

/**
 * What to do with the files (`matches` from matchFile, in order; `tools` the same catalogue): the
 * choices put the tools that take the most files first, then those whose own input the files are,
 * then the catalogue's order.
 */
export function planOpen(matches: readonly FileMatch[], tools: readonly ToolMeta[]): OpenPlan {
  const unsupported = matches.flatMap((match, i) => (match.tools.length === 0 ? [i] : []));
  const order = fileTools(tools);
  const choices = order
    .map((tool) => ({ tool, files: matches.flatMap((match, i) => (match.tools.includes(tool) ? [i] : [])) }))
    .filter((choice) => choice.files.length > 0);
  if (choices.length === 0) return { kind: "none", unsupported };
  const own = (choice: ToolChoice) => choice.files.filter((i) => isOwnInput(choice.tool, matches[i]!.name)).length;
  const ranked = choices.toSorted((a, b) => b.files.length - a.files.length || own(b) - own(a) || order.indexOf(a.tool) - order.indexOf(b.tool));
  if (ranked.length === 1 && unsupported.length === 0) return { kind: "tool", choice: ranked[0]! };
  return { kind: "choose", choices: ranked, unsupported };
}

/** The address of a tool page (its canonical slug). */
export const toolPath = (tool: Pick<ToolMeta, "slug">) => `/tool/${tool.slug}`;
