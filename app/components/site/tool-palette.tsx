import { Dialog } from "radix-ui";
import { Search } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { byPopularity, searchTools, type SearchableTool } from "#app/lib/tool-search.ts";
import type { ToolCardData } from "./tool-card.tsx";

type IndexedTool = ToolCardData & SearchableTool;

let index: Promise<IndexedTool[]> | undefined;
const loadIndex = () => (index ??= fetch("/search-index.json").then((r) => (r.ok ? (r.json() as Promise<IndexedTool[]>) : [])));

/** The Ctrl/Cmd+K tool search: type, move with the arrow keys, Enter opens the tool. */
export default function ToolPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [tools, setTools] = useState<IndexedTool[]>([]);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const listId = useId();
  useEffect(() => {
    let live = true;
    void loadIndex().then((t) => live && setTools(t));
    return () => {
      live = false;
    };
  }, []);
  // each opening starts empty, however the last one closed (Escape, Ctrl+K, a click outside): what
  // was typed then would otherwise prefix the new query (React's reset-on-prop-change pattern)
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) {
      setQuery("");
      setActive(0);
    }
  }
  // before anything is typed, the most searched tools
  const shown = useMemo(() => (query.trim() ? searchTools(tools, query) : byPopularity(tools)).slice(0, 8), [tools, query]);
  const go = (slug: string) => {
    onOpenChange(false);
    navigate(`/tool/${slug}`);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-20 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 overflow-hidden rounded-xl bg-white shadow-2xl dark:bg-slate-900">
          <Dialog.Title className="sr-only">Search tools</Dialog.Title>
          <Dialog.Description className="sr-only">Type to find a tool, then press Enter to open it.</Dialog.Description>
          <div className="flex items-center gap-2 border-b border-slate-200 px-4 dark:border-slate-800">
            <Search className="h-5 w-5 text-slate-500" aria-hidden="true" />
            <input
              autoFocus
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={(e) => {
                if (e.key === "ArrowDown") setActive((a) => Math.min(a + 1, shown.length - 1));
                else if (e.key === "ArrowUp") setActive((a) => Math.max(a - 1, 0));
                else if (e.key === "Enter" && shown[active]) go(shown[active].slug);
                else return;
                e.preventDefault();
              }}
              placeholder="Search tools..."
              aria-label="Search tools"
              role="combobox"
              aria-expanded="true"
              aria-controls={listId}
              aria-activedescendant={shown[active] ? `${listId}-${shown[active].slug}` : undefined}
              className="w-full bg-transparent py-4 text-base outline-none"
            />
          </div>
          <ul id={listId} role="listbox" className="max-h-80 overflow-y-auto p-2">
            {shown.map((tool, i) => (
              <li
                key={tool.slug}
                id={`${listId}-${tool.slug}`}
                role="option"
                aria-selected={i === active}
                onMouseEnter={() => setActive(i)}
                onClick={() => go(tool.slug)}
                className={`flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 ${i === active ? "bg-brand-50 dark:bg-slate-800" : ""}`}
              >
                <span aria-hidden="true">{tool.icon}</span>
                <span className="min-w-0">
                  <span className="block truncate font-medium">{tool.name}</span>
                  <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{tool.category}</span>
                </span>
              </li>
            ))}
            {tools.length > 0 && shown.length === 0 ? <li className="px-3 py-6 text-center text-sm text-slate-500">No tools found matching your search.</li> : null}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
