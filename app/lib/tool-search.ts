export interface SearchableTool {
  name: string;
  description: string;
  category: string;
}

const normalise = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase();

/** Tools whose name, description or category contain every word of the query (case and accent insensitive). */
export function filterTools<T extends SearchableTool>(tools: readonly T[], query: string): T[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...tools];
  return tools.filter((t) => {
    const haystack = normalise(`${t.name} ${t.description} ${t.category}`);
    return words.every((w) => haystack.includes(w));
  });
}
