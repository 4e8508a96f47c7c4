import { useId, type ChangeEvent } from "react";
import { CONTROL_CLASS } from "#app/components/ui/labelled-field.tsx";
import type { MenuTargetGroup } from "#app/lib/admin/menu-targets.ts";

/** Write the picked address into the form's URL field, and its title into an empty Label. */
function pick(event: ChangeEvent<HTMLSelectElement>) {
  const select = event.currentTarget;
  const form = select.form;
  const option = select.selectedOptions[0];
  if (!form || !option || !select.value) return;
  const url = form.elements.namedItem("url");
  const label = form.elements.namedItem("label");
  if (url instanceof HTMLInputElement) url.value = select.value;
  if (label instanceof HTMLInputElement && !label.value.trim()) label.value = option.dataset.label ?? "";
}

/**
 * "Link to": the site's pages, posts, tools and categories. Picking one writes its address into the
 * form's URL field (and its title into an empty Label); without script the server reads the pick
 * as the URL when the URL field is empty.
 */
export function MenuTargetPicker({ groups }: { groups: MenuTargetGroup[] }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Link to a page, post, tool or category
      </label>
      <select id={id} name="target" defaultValue="" onChange={pick} className={`${CONTROL_CLASS} w-full min-w-0`}>
        <option value="">Choose… (or type a URL below)</option>
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.targets.map((t) => (
              <option key={t.url} value={t.url} data-label={t.label}>
                {t.label} ({t.url})
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
