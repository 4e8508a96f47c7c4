import { useId, useMemo, useState } from "react";
import { countCharacters, countParagraphs, countSentences, countWords, reverseText, toLowerCase, toTitleCase, toUpperCase } from "./text-tools.ts";
import type { ToolComponentProps } from "../types.ts";

const CASES = [
  { label: "UPPERCASE", apply: toUpperCase },
  { label: "lowercase", apply: toLowerCase },
  { label: "Title Case", apply: toTitleCase },
] as const;

const buttonClass =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800";

/** The text utilities: Input Text, the case buttons, a read-only Output Text, plus each tool's own job. */
export default function TextTool({ slug: kind }: ToolComponentProps) {
  const [input, setInput] = useState("");
  const [output, setOutput] = useState("");
  const inputId = useId();
  const outputId = useId();
  const stats = useMemo(() => {
    const chars = countCharacters(input);
    return [
      { label: "Words", value: countWords(input) },
      { label: "Characters", value: chars.withSpaces },
      { label: "Characters (no spaces)", value: chars.withoutSpaces },
      { label: "Sentences", value: countSentences(input) },
      { label: "Paragraphs", value: countParagraphs(input) },
    ];
  }, [input]);
  const shownStats = kind === "character-counter" ? stats.slice(1, 3).concat(stats[0]!) : kind === "word-counter" ? stats : [];

  return (
    <div className="rounded-xl border border-slate-200 p-4 sm:p-6 dark:border-slate-800">
      <label htmlFor={inputId} className="text-sm font-semibold">
        Input Text
      </label>
      <textarea
        id={inputId}
        value={input}
        onChange={(e) => setInput(e.target.value)}
        rows={8}
        placeholder="Type or paste your text here..."
        className="mt-2 w-full rounded-lg border border-slate-300 bg-white p-3 text-base focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900"
      />
      {shownStats.length ? (
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5" aria-live="polite">
          {shownStats.map((s) => (
            <div key={s.label} className="rounded-lg bg-slate-50 p-3 text-center dark:bg-slate-900">
              <dt className="text-xs text-slate-600 dark:text-slate-400">{s.label}</dt>
              <dd className="text-2xl font-bold" data-testid={`stat-${s.label.toLowerCase().replace(/[^a-z]+/g, "-")}`}>
                {s.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {kind === "text-reverser" ? (
          <button type="button" className={buttonClass} onClick={() => setOutput(reverseText(input))}>
            Reverse Text
          </button>
        ) : null}
        {CASES.map((c) => (
          <button key={c.label} type="button" className={buttonClass} onClick={() => setOutput(c.apply(input))}>
            {c.label}
          </button>
        ))}
      </div>
      <label htmlFor={outputId} className="mt-6 block text-sm font-semibold">
        Output Text
      </label>
      <textarea
        id={outputId}
        value={output}
        readOnly
        rows={8}
        className="mt-2 w-full rounded-lg border border-slate-300 bg-slate-50 p-3 text-base dark:border-slate-700 dark:bg-slate-900"
      />
    </div>
  );
}
