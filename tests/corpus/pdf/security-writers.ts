// Byte surgery on PDFs for the corpus: encryption that protects only the embedded files (an /EFF
// crypt filter with the strings and streams left in the clear, /StmF and /StrF /Identity), an /Info
// dictionary that cannot be read, and cut-short or broken files. qpdf writes the pieces (the
// attachment, a real encryption dictionary with its O and U entries); the surgery adds an
// incremental update, as an editor saving in place would.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

export const QPDF = "/usr/bin/qpdf";

function qpdf(args: string[]): void {
  try {
    execFileSync(QPDF, args, { stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    // exit 3: written with warnings
    if ((error as { status?: number }).status !== 3) throw error;
  }
}

const latin1 = (path: string): string => readFileSync(path).toString("latin1");

/** The offset of the last xref section ("startxref"), the trailer's /Size and /ID. */
function tail(text: string): { startxref: number; size: number; id: string } {
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  const size = Number([...text.matchAll(/\/Size (\d+)/g)].at(-1)?.[1]);
  const id = [...text.matchAll(/\/ID\s*(\[\s*<[0-9a-fA-F]+>\s*<[0-9a-fA-F]+>\s*\])/g)].at(-1)?.[1];
  if (!Number.isFinite(startxref) || !Number.isFinite(size) || !id) throw new Error("no classic trailer to update");
  return { startxref, size, id };
}

/** Appends objects (numbered from the file's /Size on) and a classic xref section with `trailerExtra`. */
function appendUpdate(path: string, bodies: string[], trailerExtra: (first: number) => string): void {
  const text = latin1(path);
  const { startxref, size, id } = tail(text);
  let out = text.endsWith("\n") ? text : text + "\n";
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${size + i} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n${size} ${bodies.length}\n` + offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${size + bodies.length} /Prev ${startxref} /ID ${id} ${trailerExtra(size)} >>\nstartxref\n${xref}\n%%EOF\n`;
  writeFileSync(path, Buffer.from(out, "latin1"));
}

/**
 * `source` with an attachment, encrypted so that only embedded files are: the /Encrypt dictionary
 * qpdf wrote for AES-128 with `userPassword` (its O, U and P), its /StmF and /StrF turned to
 * /Identity and /EFF added. Everything but the attachment stays in the clear. Its crypt filter asks
 * for the password when an attachment is opened (/EFOpen), or, as some writers have it, on opening
 * the document (/DocOpen), which poppler ignores when nothing else is encrypted.
 */
export function attachmentOnlyEncryption(source: string, attachment: string, userPassword: string, out: string, work: string, authEvent: "EFOpen" | "DocOpen" = "EFOpen"): void {
  const attached = `${work}/eff-attached.pdf`;
  const encrypted = `${work}/eff-encrypted.pdf`;
  qpdf(["--static-id", "--object-streams=disable", `--add-attachment`, attachment, "--", source, attached]);
  qpdf(["--static-id", "--object-streams=disable", "--encrypt", userPassword, "owner-secret", "128", "--use-aes=y", "--", attached, encrypted]);
  const encryptDict = /\/Encrypt (\d+) 0 R/.exec(latin1(encrypted))?.[1];
  const object = new RegExp(`\\n${encryptDict} 0 obj\\s*(<<[\\s\\S]*?>>)\\s*endobj`).exec(latin1(encrypted))?.[1];
  if (!object) throw new Error("qpdf wrote no encryption dictionary");
  const eff = object.replace("/AuthEvent /DocOpen", `/AuthEvent /${authEvent}`).replace(/\/StmF \/StdCF/, "/StmF /Identity").replace(/\/StrF \/StdCF/, "/StrF /Identity /EFF /StdCF");
  qpdf(["--static-id", "--object-streams=disable", "--", attached, out]);
  appendUpdate(out, [eff], (first) => `/Root ${/\/Root (\d+ \d+) R/.exec(latin1(out))![1]} R /Encrypt ${first} 0 R`);
}

/** `source` whose /Info points at an object that is not a dictionary but broken bytes. */
export function unreadableInfo(source: string, out: string): void {
  qpdf(["--static-id", "--object-streams=disable", "--", source, out]);
  const root = /\/Root (\d+ \d+) R/.exec(latin1(out))![1];
  appendUpdate(out, ["<< /Title (Quarterly /Author <zz9> /Producer >> ] stream garbage"], (first) => `/Root ${root} R /Info ${first} 0 R`);
}

/** `source` whose /Info names an object the file does not have. */
export function missingInfo(source: string, out: string): void {
  qpdf(["--static-id", "--object-streams=disable", "--", source, out]);
  const root = /\/Root (\d+ \d+) R/.exec(latin1(out))![1];
  appendUpdate(out, ["(padding)"], () => `/Root ${root} R /Info 9999 0 R`);
}

/** The first `share` of the file's bytes. */
export function truncated(source: string, share: number, out: string): void {
  const bytes = readFileSync(source);
  writeFileSync(out, bytes.subarray(0, Math.floor(bytes.length * share)));
}

/** Every xref offset shifted by 7 (as after an editor inserted bytes): readers rebuild the table. */
export function brokenXref(source: string, out: string): void {
  qpdf(["--static-id", "--object-streams=disable", "--", source, out]);
  const text = latin1(out).replace(/^(\d{10}) (\d{5}) n/gm, (_, offset: string, gen: string) => `${String(Number(offset) + 7).padStart(10, "0")} ${gen} n`);
  writeFileSync(out, Buffer.from(text, "latin1"));
}
