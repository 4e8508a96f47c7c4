import { useId, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { ConverterCard, inputClass } from "../shared/converter-card.tsx";
import type { ToolComponentProps } from "../types.ts";
import { dayShiftNote, shiftTime, TIME_CONVERSIONS, type TimeResult } from "./offsets.ts";

/** HH:MM in one zone → the other zone's time, wrapping at 24 h with a note for the day change. */
export default function TimeZoneTool({ slug }: ToolComponentProps) {
  const conversion = TIME_CONVERSIONS.find((t) => t.slug === slug);
  const [input, setInput] = useState("");
  const [result, setResult] = useState<(TimeResult & { input: string }) | null>(null);
  const inputId = useId();
  if (!conversion) return null;
  const { from, to, offsetHours } = conversion;

  return (
    <ConverterCard
      result={
        result?.ok ? (
          <div data-testid="conversion-result">
            <p className="text-2xl font-bold tabular-nums">
              {result.time} {to.abbr}
            </p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {result.input} {from.abbr} is {result.time} {to.abbr} ({dayShiftNote(result.dayShift)})
            </p>
          </div>
        ) : null
      }
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {from.name} ({from.abbr}) to {to.name} ({to.abbr}): {offsetHours > 0 ? "+" : "−"}
        {Math.abs(offsetHours)} hours, a fixed offset.
      </p>
      <form
        className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setResult({ ...shiftTime(input, offsetHours), input: input.trim() });
        }}
      >
        <div className="flex-1">
          <label htmlFor={inputId} className="text-sm font-semibold">
            Time in {from.abbr} (HH:MM)
          </label>
          <input
            id={inputId}
            type="time"
            value={input}
            onChange={(e) => {
              setInput(e.target.value);
              setResult(null);
            }}
            className={`mt-2 ${inputClass}`}
          />
        </div>
        <Button type="submit" disabled={input.trim() === ""} className="sm:mb-0.5">
          Convert
        </Button>
      </form>
      {result && !result.ok ? (
        <p className="mt-3 text-sm text-red-600 dark:text-red-400" role="alert">
          {result.message}
        </p>
      ) : null}
    </ConverterCard>
  );
}
