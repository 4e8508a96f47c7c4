// The DOC corpus (docs/decisions/033-word-real-world.md): Word 97 files LibreOffice writes at run time
// from the DOCX corpus's sources (fields, tracked changes, lists, notes, tables, text boxes), and Word
// 6/95 and Word 2 files from Apache POI's test data (manifest.json), each to TXT and to PDF, judged
// against LibreOffice's own TXT export of the same file (of its accepted twin where deletions are tracked).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CorpusCase, CorpusFormat } from "../corpus-case.ts";
import { casesFromManifest } from "../manifest.ts";
import { generatedWordFiles, judgeWord, wordCase } from "../docx/word-sources.ts";

const FOLDER = dirname(fileURLToPath(import.meta.url));

const corpus: CorpusFormat = {
  async cases(workDir) {
    const cases: CorpusCase[] = [];
    for (const kept of casesFromManifest(FOLDER)) {
      cases.push(kept);
      if (kept.category === "doc-to-txt") cases.push({ ...kept, category: "doc-to-pdf", name: `${kept.name} → PDF`, outputExt: "pdf", browser: false });
    }
    for (const [name, input, data] of generatedWordFiles(join(workDir, "doc"), "doc")) {
      cases.push(wordCase("doc-to-txt", name, input, data, name.includes("tracked-changes")));
      cases.push(wordCase("doc-to-pdf", `${name} → PDF`, input, data));
    }
    return cases;
  },
  judge: judgeWord,
};

export default corpus;
