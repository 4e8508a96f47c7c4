import { CalendarClock } from "lucide-react";
import { useId, useState } from "react";
import { CONTROL_CLASS } from "#app/components/ui/labelled-field.tsx";
import { PUBLISH_MODE } from "#app/lib/admin/content-form-schema.ts";
import type { ScheduleValues } from "./types.ts";

/**
 * The post editor's "Publish now" / "Schedule for <date time>" control (issue 29). The time is
 * typed as a wall time in the site time zone, which is shown; the server turns it into UTC. It
 * decides when a published post goes public: a draft stays a draft whatever it says.
 */
export function ScheduleField({ initial, error }: { initial: ScheduleValues; error?: string | undefined }) {
  const id = useId();
  const [mode, setMode] = useState(initial.mode);
  const scheduling = mode === PUBLISH_MODE.schedule;
  const option = (value: ScheduleValues["mode"], label: string) => (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input type="radio" name="publishMode" value={value} checked={mode === value} onChange={() => setMode(value)} className="h-4 w-4 accent-brand-600" />
      {label}
    </label>
  );
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-zone`}>
      <legend className="mb-1 flex items-center gap-1.5 text-sm font-medium text-slate-900">
        <CalendarClock className="h-4 w-4 text-slate-500" aria-hidden="true" />
        When it goes public
      </legend>
      {option(PUBLISH_MODE.now, "Publish now")}
      {option(PUBLISH_MODE.schedule, "Schedule for")}
      <input
        type="datetime-local"
        name="publishAt"
        aria-label="Publish at (site time zone)"
        defaultValue={initial.wallTime}
        disabled={!scheduling}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${CONTROL_CLASS} disabled:bg-slate-100 disabled:text-slate-400`}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <p id={`${id}-zone`} className="text-sm text-slate-500">
        Applies while Published is on. Site time zone: <span className="font-medium text-slate-700">{initial.timeZone}</span> (General Settings).
      </p>
      {initial.scheduledFor ? (
        <p className="text-sm text-amber-800" data-testid="editor-scheduled-for">
          Scheduled for {initial.scheduledFor}
        </p>
      ) : null}
    </fieldset>
  );
}
