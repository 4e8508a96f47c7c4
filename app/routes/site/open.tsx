import { FileQuestion, Info } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { extensionsByGroup, fileTools, readableExtensions } from "#app/lib/pwa/file-handlers.ts";
import { SNIFF_BYTES } from "#codecs/common/file-sniff.ts";
import { filesOfLaunch, handFilesTo, launchQueueOf } from "#app/lib/pwa/incoming-files.ts";
import { matchFile, planOpen, toolPath, type FileMatch, type OpenPlan, type ToolChoice } from "#app/lib/pwa/open-with.ts";
import { parseSharedState, takeSharedFiles, type SharedState } from "#app/lib/pwa/share-target-sw.ts";
import { publicMeta } from "#app/lib/seo/route-meta.ts";
import { listToolCards } from "#app/server/queries/tools.server.ts";
import { services } from "#app/server/services.server.ts";
import { TOOLS } from "#app/tools/registry.ts";
import { acceptRule } from "#app/tools/shared/file-accept.ts";
import { DropZone } from "#app/tools/shared/file-tool-drop-zone.tsx";
import type { Route } from "./+types/open";

// The launch page: where the installed app's "Open with" (the manifest's file_handlers) and "Share"
// (its share_target, through the service worker) bring files, and where a visitor can drop files
// by hand. One tool takes them all: straight there with the files; several: the visitor picks;
// none: the file is named with what the site opens. The files never leave the device.

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = services().database;
  // only the file tools the site lists (an admin may have removed one): their names and icons
  const known = new Set(fileTools().map((tool) => tool.slug));
  const tools = (await listToolCards(db)).filter((tool) => known.has(tool.slug)).map(({ slug, name, icon, description }) => ({ slug, name, icon, description }));
  return { tools, shared: parseSharedState(new URL(request.url).searchParams.get("shared")) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "Open a File",
    description: "Open a file with the right converter: it runs in your browser and your file stays on your device.",
    path: "/open",
    noindex: true,
  });

type ToolInfo = Route.ComponentProps["loaderData"]["tools"][number];

interface Opened {
  files: File[];
  matches: FileMatch[];
  plan: OpenPlan;
}

const SHARED_NOTES: Record<Exclude<SharedState, "1">, string> = {
  unavailable: "Sharing files with this site works in the installed app. Install it from your browser's menu, or choose or drop the file here instead.",
  failed: "The shared files could not be kept on this device (its storage may be full). Choose or drop them here instead.",
};

const OPEN_ACCEPT = acceptRule(
  readableExtensions(),
  {
    invalidDescription: "No tool on this site opens this file",
    noFileDescription: "Please choose a file to open",
    acceptedLabel: "images, audio, video, MIDI, ebooks, documents and data files",
  },
  ["audio/", "video/"],
);

const listFormat = (names: readonly string[]) => new Intl.ListFormat("en", { type: "conjunction" }).format(names);

export default function OpenPage({ loaderData }: Route.ComponentProps) {
  const { tools, shared } = loaderData;
  const navigate = useNavigate();
  const [opened, setOpened] = useState<Opened | null>(null);
  const [note, setNote] = useState<string | null>(shared && shared !== "1" ? SHARED_NOTES[shared] : null);
  const info = useMemo(() => new Map(tools.map((tool) => [tool.slug, tool])), [tools]);
  const offered = useMemo(() => TOOLS.filter((tool) => info.has(tool.slug)), [info]);

  const go = (choice: ToolChoice, state: Opened) => {
    // a file recognised by its first bytes goes under the name the tool reads it by
    const files = choice.files.map((i) => {
      const file = state.files[i]!;
      const { name } = state.matches[i]!;
      return name === file.name ? file : new File([file], name, { type: file.type, lastModified: file.lastModified });
    });
    const path = toolPath(choice.tool);
    handFilesTo(path, files);
    void navigate(path);
  };

  const open = async (files: File[]) => {
    if (files.length === 0) return;
    const matches = await Promise.all(
      files.map(async (file) => matchFile({ name: file.name, type: file.type, head: new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()) }, offered)),
    );
    const state = { files, matches, plan: planOpen(matches, offered) };
    setNote(null);
    if (state.plan.kind === "tool") go(state.plan.choice, state);
    else setOpened(state);
  };
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  });

  // files from the operating system (File Handling API) and from a share the service worker kept
  useEffect(() => {
    launchQueueOf(window)?.setConsumer((params) => {
      void filesOfLaunch(params).then((files) => openRef.current(files));
    });
    if (shared !== "1") return;
    void takeSharedFiles()
      .catch(() => [])
      .then((files) => {
        if (files.length > 0) void openRef.current(files);
        else setNote("The shared files are no longer here: they are opened once. Choose or drop them here instead.");
      });
  }, [shared]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Open a File</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Choose or drop files and we show the tools that open them. Installed as an app in Chrome or Edge on a computer, this site is in the "Open
        with" menu of your files too. Your files stay on your device.
      </p>

      {note ? (
        <p role="status" data-testid="open-note" className="mt-6 flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {note}
        </p>
      ) : null}

      <div className="mt-6">
        <DropZone accept={OPEN_ACCEPT} chooseLabel="Choose Files" onFiles={(files) => void open(files)} />
      </div>

      <div aria-live="polite">{opened ? <Outcome opened={opened} info={info} onChoose={(choice) => go(choice, opened)} /> : null}</div>

      <details className="mt-10 rounded-xl border border-slate-200 p-5 dark:border-slate-800" open={opened?.plan.kind === "none"} data-testid="open-formats">
        <summary className="cursor-pointer font-semibold">What this site opens</summary>
        <FormatList />
      </details>
    </div>
  );
}

function Outcome({ opened, info, onChoose }: { opened: Opened; info: ReadonlyMap<string, ToolInfo>; onChoose: (choice: ToolChoice) => void }) {
  const { plan, files, matches } = opened;
  const unsupported = plan.kind === "tool" ? [] : plan.unsupported.map((i) => files[i]!.name);
  const total = files.length;
  return (
    <div className="mt-8 space-y-6">
      {unsupported.length > 0 ? (
        <div role="alert" data-testid="open-unsupported" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 dark:border-red-900 dark:bg-red-950">
          <FileQuestion className="mt-0.5 h-5 w-5 shrink-0 text-red-700 dark:text-red-300" aria-hidden="true" />
          <div className="min-w-0 text-sm text-red-900 dark:text-red-100">
            <p className="font-semibold [overflow-wrap:anywhere]">
              {unsupported.length === 1 ? `No tool on this site opens ${unsupported[0]}.` : `No tool on this site opens ${listFormat(unsupported)}.`}
            </p>
            <p className="mt-1">{plan.kind === "none" ? "The list below says which files the site opens." : "The other files can go to the tools below."}</p>
          </div>
        </div>
      ) : null}
      {plan.kind === "choose" ? (
        <section aria-labelledby="open-choose-heading">
          <h2 id="open-choose-heading" className="text-xl font-semibold [overflow-wrap:anywhere]">
            {total === 1 ? `Which tool should open ${files[0]!.name}?` : `Which tool should open these ${total} files?`}
          </h2>
          {matches.some((m) => m.sniffed) ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {listFormat(matches.flatMap((m, i) => (m.sniffed ? [`${files[i]!.name} is a ${m.sniffed.toUpperCase()} file`] : [])))}, by its contents.
            </p>
          ) : null}
          <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="open-choices">
            {plan.choices.map((choice) => {
              const tool = info.get(choice.tool.slug);
              if (!tool) return null;
              return (
                <li key={tool.slug}>
                  <button
                    type="button"
                    onClick={() => onChoose(choice)}
                    className="flex h-full w-full items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-left transition hover:border-brand-500 hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-800 dark:bg-slate-900"
                  >
                    <span className="text-2xl" aria-hidden="true">
                      {tool.icon}
                    </span>
                    <span className="min-w-0">
                      <span className="block font-semibold text-slate-900 dark:text-slate-100">{tool.name}</span>
                      <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{tool.description}</span>
                      {total > 1 ? (
                        <span className="mt-1 block text-xs font-medium text-brand-700 dark:text-brand-dark">
                          {choice.files.length === total ? `Opens all ${total} files` : `Opens ${choice.files.length} of ${total} files`}
                        </span>
                      ) : null}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function FormatList() {
  const groups = extensionsByGroup();
  return (
    <dl className="mt-4 space-y-3 text-sm">
      {groups.map(({ group, extensions }) => (
        <div key={group}>
          <dt className="font-medium text-slate-900 dark:text-slate-100">{group}</dt>
          <dd className="mt-1 text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">{extensions.map((ext) => ext.toUpperCase()).join(", ")}</dd>
        </div>
      ))}
    </dl>
  );
}
