// The DOCX corpus (docs/decisions/033-word-real-world.md): DOCX that LibreOffice, pandoc and hand-written
// XML make at run time (word-sources.ts), each to TXT and to PDF, judged against LibreOffice's own
// TXT export of the same file (of its accepted twin where deletions are tracked).
import { join } from "node:path";
import type { CorpusCase, CorpusFormat } from "../corpus-case.ts";
import { generatedWordFiles, judgeWord, wordCase } from "./word-sources.ts";

const corpus: CorpusFormat = {
  async cases(workDir) {
    const cases: CorpusCase[] = [];
    for (const [name, input, data] of generatedWordFiles(join(workDir, "docx"), "docx")) {
      cases.push(wordCase("docx-to-txt", name, input, data, name.includes("numbering")));
      cases.push(wordCase("docx-to-pdf", `${name} → PDF`, input, data, name.includes("fields-simple")));
    }
    return cases;
  },
  judge: judgeWord,
};

export default corpus;
