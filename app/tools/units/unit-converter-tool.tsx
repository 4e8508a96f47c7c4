import { ArrowLeftRight } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { ConverterCard, inputClass } from "../shared/converter-card.tsx";
import type { ToolComponentProps } from "../types.ts";
import { convertInput, decimalSeparatorOf, NOT_A_NUMBER, UNIT_CONVERSIONS } from "./conversions.ts";

type Side = "from" | "to";

/** The browser's decimal separator, read when the visitor types (the server renders no numbers). */
const decimal = () => decimalSeparatorOf(typeof navigator === "undefined" ? undefined : navigator.language);

/**
 * Two fields; typing in one computes the other at once (results to 4 decimals, in the visitor's
 * way of writing numbers), and the result line follows every keystroke. Text that is no number
 * clears the other field and the result and says why, at once (issue 31, finding 2).
 */
export default function UnitConverterTool({ slug }: ToolComponentProps) {
  const conversion = UNIT_CONVERSIONS.find((c) => c.slug === slug);
  const [values, setValues] = useState<Record<Side, string>>({ from: "", to: "" });
  const [message, setMessage] = useState<string>();
  const [shown, setShown] = useState<{ from: string; to: string } | null>(null);
  const ids = { from: useId(), to: useId(), message: useId() };
  if (!conversion) return null;

  const update = (side: Side, input: string) => {
    const outcome = convertInput(conversion, input, side === "from" ? "forward" : "backward", decimal());
    const otherText = outcome.kind === "value" ? outcome.text : "";
    const next = side === "from" ? { from: input, to: otherText } : { from: otherText, to: input };
    setValues(next);
    setMessage(outcome.kind === "clear" ? outcome.message : undefined);
    setShown(outcome.kind === "value" ? { from: next.from.trim(), to: next.to.trim() } : null);
  };
  const convert = () => {
    const outcome = convertInput(conversion, values.from, "forward", decimal());
    if (outcome.kind === "value") {
      setValues((v) => ({ ...v, to: outcome.text }));
      setShown({ from: values.from.trim(), to: outcome.text });
      setMessage(undefined);
    } else {
      setMessage(outcome.message ?? NOT_A_NUMBER);
    }
  };
  const numericProps =
    conversion.step !== undefined
      ? { type: "number", min: conversion.allowNegative ? undefined : 0, step: conversion.step }
      : { type: "text", inputMode: "decimal" as const, autoComplete: "off" };

  return (
    <ConverterCard
      result={
        shown ? (
          <p className="text-lg font-semibold" data-testid="conversion-result">
            {shown.from} {conversion.from.unit} = {shown.to} {conversion.to.unit}
          </p>
        ) : null
      }
    >
      <div className="grid items-end gap-4 sm:grid-cols-[1fr_auto_1fr]">
        {(["from", "to"] as const).map((side, i) => (
          <div key={side} className={i === 1 ? "sm:order-3" : ""}>
            <label htmlFor={ids[side]} className="text-sm font-semibold">
              {conversion[side].label} ({conversion[side].unit})
            </label>
            <input
              id={ids[side]}
              {...numericProps}
              value={values[side]}
              onChange={(e) => update(side, e.target.value)}
              placeholder={`Enter ${conversion[side].unit}`}
              aria-describedby={message ? ids.message : undefined}
              className={`mt-2 ${inputClass}`}
            />
          </div>
        ))}
        <ArrowLeftRight className="mx-auto hidden h-6 w-6 text-slate-400 sm:order-2 sm:mb-3 sm:block" aria-hidden="true" />
      </div>
      {message ? (
        <p id={ids.message} className="mt-3 text-sm text-red-600 dark:text-red-400" role="alert">
          {message}
        </p>
      ) : null}
      <Button className="mt-5 w-full sm:w-auto" disabled={values.from.trim() === ""} onClick={convert}>
        Convert
      </Button>
    </ConverterCard>
  );
}
