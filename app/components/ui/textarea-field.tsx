import { useId, type TextareaHTMLAttributes } from "react";

export function TextareaField({
  label,
  error,
  hint,
  className = "",
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: string }) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-note` : undefined}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid]:border-red-500"
        {...props}
      />
      {error || hint ? (
        <p id={`${id}-note`} className={`text-sm ${error ? "text-red-600" : "text-slate-500"}`}>
          {error ?? hint}
        </p>
      ) : null}
    </div>
  );
}
