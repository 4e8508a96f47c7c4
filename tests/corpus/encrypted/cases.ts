// Password-protected documents (decision 034): DOCX (Standard and agile encryption), DOC (Office 97
// RC4 and RC4 CryptoAPI) and PDF, converted with --password, refused without one or with a wrong
// one. The kept files are LibreOffice's; at run time LibreOffice writes the report as DOCX and DOC,
// saves them with a password through its UNO bridge (tests/support/lo-encrypt.py), qpdf encrypts its
// PDF, and the test-only encrypters (tests/support/office-encrypt.ts) make the agile DOCX and
// CryptoAPI DOC no writer here makes. Judged by words in order against LibreOffice's text of the file
// that msoffcrypto-tool decrypts (independent of our decryption), or poppler's text of the PDF.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CorpusCase, CorpusCategory, CorpusFormat } from "../corpus-case.ts";
import { casesFromManifest, OUTPUT_EXT } from "../manifest.ts";
import { encryptAgile, encryptDocCryptoApi } from "#tests/support/office-encrypt.ts";
import { officeFromHtml, officeText, reportHtml, words, wordsInOrder } from "#tests/support/office-fixtures.ts";
import { MSOFFCRYPTO, PDFTOTEXT, PYTHON } from "#tests/support/reference-tools.ts";

const FOLDER = import.meta.dirname;
const LO_ENCRYPT = join(FOLDER, "../../support/lo-encrypt.py");
const PASSWORD = "Pässwort-25";
/** the share of the reference's words our text must keep in order */
const MIN_WORDS = 0.98;

const REFUSED_NO_PASSWORD = /protected with a password\. Enter its password/;
const REFUSED_WRONG = /password is not right/;

function generated(category: CorpusCategory, name: string, input: string, password: string | undefined, expect: CorpusCase["expect"] = { converts: true }): CorpusCase {
  return { category, name, input, outputExt: OUTPUT_EXT[category], cliArgs: password === undefined ? [] : ["--password", password], expect, data: { password: PASSWORD } };
}

const format: CorpusFormat = {
  async cases(workDir) {
    const kept = casesFromManifest(FOLDER).map((c) => ({ ...c, data: { ...c.data, password: PASSWORD } }));
    const html = reportHtml({ paragraphs: 40 });
    const docx = officeFromHtml(html, "docx", workDir, "report");
    const pdf = officeFromHtml(html, "pdf", workDir, "report");
    const at = (name: string) => join(workDir, name);
    execFileSync(PYTHON, [LO_ENCRYPT, docx, at("lo-standard.docx"), "MS Word 2007 XML", PASSWORD, "Standard"], { stdio: ["ignore", "ignore", "pipe"], timeout: 240_000 });
    execFileSync(PYTHON, [LO_ENCRYPT, docx, at("lo-rc4.doc"), "MS Word 97", PASSWORD, "rc4"], { stdio: ["ignore", "ignore", "pipe"], timeout: 240_000 });
    const doc = officeFromHtml(html, "doc", workDir, "report-plain");
    const zip = new Uint8Array(readFileSync(docx));
    writeFileSync(at("agile-sha512.docx"), encryptAgile(zip, PASSWORD));
    writeFileSync(at("agile-sha1-aes128.docx"), encryptAgile(zip, PASSWORD, { hash: "sha1", keyBits: 128 }));
    writeFileSync(at("cryptoapi-128.doc"), encryptDocCryptoApi(new Uint8Array(readFileSync(doc)), PASSWORD, 128));
    writeFileSync(at("cryptoapi-40.doc"), encryptDocCryptoApi(new Uint8Array(readFileSync(doc)), PASSWORD, 40));
    execFileSync("/usr/bin/qpdf", ["--encrypt", PASSWORD, "owner-secret", "256", "--", pdf, at("qpdf-aes256.pdf")]);
    return [
      ...kept,
      generated("docx-to-txt", "lo-standard.docx", at("lo-standard.docx"), PASSWORD),
      generated("docx-to-txt", "agile-sha512.docx", at("agile-sha512.docx"), PASSWORD),
      generated("docx-to-txt", "agile-sha1-aes128.docx", at("agile-sha1-aes128.docx"), PASSWORD),
      generated("docx-to-txt", "agile-sha512.docx no password", at("agile-sha512.docx"), undefined, { refused: true, reason: REFUSED_NO_PASSWORD }),
      generated("docx-to-txt", "lo-standard.docx wrong password", at("lo-standard.docx"), "pässwort-25", { refused: true, reason: REFUSED_WRONG }),
      generated("docx-to-pdf", "lo-standard.docx", at("lo-standard.docx"), PASSWORD),
      generated("docx-to-pdf", "agile-sha512.docx", at("agile-sha512.docx"), PASSWORD),
      generated("doc-to-txt", "lo-rc4.doc", at("lo-rc4.doc"), PASSWORD),
      generated("doc-to-txt", "cryptoapi-128.doc", at("cryptoapi-128.doc"), PASSWORD),
      generated("doc-to-txt", "cryptoapi-40.doc", at("cryptoapi-40.doc"), PASSWORD),
      generated("doc-to-txt", "lo-rc4.doc no password", at("lo-rc4.doc"), undefined, { refused: true, reason: REFUSED_NO_PASSWORD }),
      generated("doc-to-txt", "cryptoapi-128.doc wrong password", at("cryptoapi-128.doc"), "wrong", { refused: true, reason: REFUSED_WRONG }),
      generated("doc-to-pdf", "lo-rc4.doc", at("lo-rc4.doc"), PASSWORD),
      generated("pdf-to-txt", "qpdf-aes256.pdf", at("qpdf-aes256.pdf"), PASSWORD),
      generated("pdf-to-txt", "qpdf-aes256.pdf no password", at("qpdf-aes256.pdf"), undefined, { refused: true, reason: /protected with a password/ }),
    ];
  },

  async judge(corpusCase, outputPath, workDir) {
    const password = String(corpusCase.data?.password ?? PASSWORD);
    const stem = join(workDir, `${corpusCase.name.replace(/\W+/g, "-")}-reference`);
    let reference: string;
    if (corpusCase.category === "pdf-to-txt") {
      reference = execFileSync(PDFTOTEXT, ["-upw", password, corpusCase.input, "-"], { encoding: "utf8" });
    } else {
      // msoffcrypto-tool's decryption, read by LibreOffice: neither is ours
      const extension = corpusCase.category.startsWith("docx") ? "docx" : "doc";
      execFileSync(MSOFFCRYPTO, ["-p", password, corpusCase.input, `${stem}.${extension}`]);
      reference = officeText(`${stem}.${extension}`);
    }
    const ours = corpusCase.outputExt === "pdf" ? execFileSync(PDFTOTEXT, [outputPath, "-"], { encoding: "utf8" }) : readFileSync(outputPath, "utf8");
    const share = wordsInOrder(words(reference), words(ours));
    return share >= MIN_WORDS ? null : `only ${(share * 100).toFixed(1)} % of the reference's words in order (at least ${MIN_WORDS * 100} % expected)`;
  },
};

export default format;
