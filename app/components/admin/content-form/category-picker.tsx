import { Link } from "react-router";

/**
 * The post editor's categories (decision 048): one checkbox per category, posting `categories=<id>`
 * for each ticked one. With none yet, a link to the Categories screen.
 */
export function CategoryPicker({ categories, selected, error }: { categories: readonly { id: number; name: string }[]; selected: readonly number[]; error?: string | undefined }) {
  const chosen = new Set(selected);
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? "categories-error" : undefined}>
      <legend className="text-sm font-medium">Categories</legend>
      {categories.length === 0 ? (
        <p className="text-sm text-slate-500">
          No categories yet. <Link to="/admin/categories" className="text-brand-700 underline">Add one</Link>.
        </p>
      ) : (
        <ul className="flex max-h-60 flex-col gap-1.5 overflow-y-auto">
          {categories.map((c) => (
            <li key={c.id}>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="categories" value={c.id} defaultChecked={chosen.has(c.id)} className="h-4 w-4 rounded border-slate-300" />
                {c.name}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p id="categories-error" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
