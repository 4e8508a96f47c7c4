import { ArrowLeft } from "lucide-react";
import { Link, redirect } from "react-router";
import { ToolForm, type ToolFormValues } from "#app/components/admin/tools/tool-form.tsx";
import { DEFAULT_TOOL_ICON, DUPLICATE_SLUG_MESSAGE, toolFormSchema } from "#app/lib/admin/tool-form-schema.ts";
import { adminAction, fail, notFound, parseForm, parseId } from "#app/server/admin/form.server.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { isBuiltInSlug, toolSlugProblem } from "#app/lib/admin/tool-address.ts";
import { keepAddress } from "#app/server/queries/redirects.server.ts";
import { findToolIdBySlug, getAdminTool, insertTool, isUniqueViolation, updateTool } from "#app/server/queries/tools-admin.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/tool-edit";
import { editScreenBoundary } from "#app/components/route-error-boundary.tsx";

// One module for /admin/tools/new (route id admin-tool-new) and /admin/tools/:id (admin-tool-edit).

/** The tool id from the URL: undefined on /new, a 404 for anything that is not an existing tool's id. */
function toolIdParam(params: { id?: string }): number | undefined {
  if (params.id === undefined) return undefined;
  return parseId(params.id) ?? notFound("Tool");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = toolIdParam(params);
  if (id === undefined) return { tool: null };
  const tool = await getAdminTool(services().database.db, id);
  if (!tool) notFound("Tool");
  return { tool: { ...tool, builtIn: isBuiltInSlug(tool.slug) } };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  return adminAction(request, (form) => handle(params, form));
}

/** The action after its guard; runs inside adminAction (the form read safely, failures answered as a toast). */
async function handle(params: { id?: string }, form: FormData) {
  const { db } = services().database;
  const id = toolIdParam(params);
  const existing = id === undefined ? undefined : ((await getAdminTool(db, id)) ?? notFound("Tool"));

  const parsed = parseForm(form, toolFormSchema);
  if (!parsed.ok) return parsed.answer;
  const input = parsed.data;

  // a built-in tool keeps its address (its converter lives there); no tool takes a built-in's address
  const slugProblem = toolSlugProblem(existing?.slug, input.slug);
  const builtIn = existing !== undefined && isBuiltInSlug(existing.slug);
  const owner = await findToolIdBySlug(db, input.slug);
  if (owner !== undefined && owner !== id && !builtIn) return fail(DUPLICATE_SLUG_MESSAGE, { slug: DUPLICATE_SLUG_MESSAGE }, 409);
  if (slugProblem) return fail(slugProblem, { slug: slugProblem });

  try {
    if (id === undefined) await insertTool(db, input);
    else await updateTool(db, id, input);
    await keepAddress(db, "/tool/", existing?.slug, input.slug);
  } catch (error) {
    // another save took the slug between the check and the write
    if (isUniqueViolation(error)) return fail(DUPLICATE_SLUG_MESSAGE, { slug: DUPLICATE_SLUG_MESSAGE }, 409);
    throw error;
  }
  return redirect(`/admin/tools?saved=${id === undefined ? "added" : "updated"}`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.tool ? "Edit Tool" : "Add Tool"} · Admin` }];

const EMPTY: ToolFormValues = {
  name: "",
  slug: "",
  description: "",
  category: "",
  icon: DEFAULT_TOOL_ICON,
  search_volume: 0,
  is_featured: false,
  content: "",
  blog_content: "",
  meta_keywords: "",
  meta_description: "",
};

export default function ToolEdit({ loaderData }: Route.ComponentProps) {
  const { tool } = loaderData;
  const initial: ToolFormValues = tool
    ? {
        name: tool.name,
        slug: tool.slug,
        description: tool.description,
        category: tool.category,
        icon: tool.icon,
        search_volume: tool.search_volume,
        is_featured: tool.is_featured === 1,
        content: tool.content,
        blog_content: tool.blog_content,
        meta_keywords: tool.meta_keywords,
        meta_description: tool.meta_description,
      }
    : EMPTY;
  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/admin/tools" className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Tools
      </Link>
      <h1 className="mb-6 text-2xl font-bold">{tool ? "Edit Tool" : "Add Tool"}</h1>
      <ToolForm key={tool?.id ?? "new"} mode={tool ? "edit" : "add"} initial={initial} builtIn={tool?.builtIn ?? false} />
    </div>
  );
}

export const ErrorBoundary = editScreenBoundary({ noun: "Tool", back: { to: "/admin/tools", label: "Back to Tools" }, failed: "The tool could not be loaded. Please try again." });
