// What the editor's Revisions list shows and what a restore loads (issue 29, finding 6).

/** A row of the Revisions list: when, who, and whether it was an autosave. */
export interface RevisionItem {
  id: number;
  title: string;
  savedAt: string;
  author: string;
  autosave: boolean;
}

/** A revision loaded into the editor (`?revision=ID` on the edit route). */
export interface LoadedRevision {
  id: number;
  savedAt: string;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  keywords: string;
  seoTitle: string;
  socialImage: string;
}

export const REVISION_TEXTS = {
  title: "Revisions",
  empty: "No revisions yet: each save keeps one (the last 20).",
  confirmTitle: "Load this revision into the editor?",
  confirmText: "The editor's fields are replaced with this revision. Nothing is saved until you save; your current text stays in the revisions once saved.",
  confirmLabel: "Load revision",
  loaded: "Revision loaded into the editor. Save to restore it.",
} as const;
