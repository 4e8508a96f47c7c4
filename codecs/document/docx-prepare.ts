// Rewrites of a DOCX part's XML before mammoth reads it, for what Word shows but mammoth 1.13 drops:
// - w:fldSimple (a field in one element: mail-merge values, dates, page numbers, links) becomes the
//   same field in Word's other spelling, fldChar begin / instrText / separate / result / end, which
//   mammoth reads (its result is kept, a HYPERLINK stays a link);
// - text inside a field's instructions (the result of a field nested there, as IF's condition
//   { PAGE } = 1) is dropped: Word shows only the outer field's result; a DATE or TIME field with a
//   date picture shows today (field-date.ts), as Word and LibreOffice do;
// - w:dir and w:bdo (right-to-left and direction overrides around runs) are unwrapped, and a w:ruby
//   (East Asian reading aid) shows its base text;
// - an mc:AlternateContent without an mc:Fallback shows its first mc:Choice, as Word and LibreOffice
//   do (mammoth reads only the Fallback, so such text vanished), unless it holds a drawing.
// Text-level edits on the serialised XML: element names are matched with the "w:" and "mc:" prefixes
// Word and LibreOffice always write.
import { currentDateField } from "./field-date.ts";

const NEEDS_WORK = /<w:fldSimple\b|<w:dir\b|<w:bdo\b|<w:ruby\b|<mc:AlternateContent\b|<w:fldChar\b/;

const escapeXmlText = (value: string): string => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const unescapeAttribute = (value: string): string =>
  value.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

const fieldChar = (type: "begin" | "separate" | "end"): string => `<w:r><w:fldChar w:fldCharType="${type}"/></w:r>`;

/** w:fldSimple elements as complex fields (an empty one shows nothing: Word keeps no result for it). */
function expandSimpleFields(xml: string): string {
  return xml.replace(/<w:fldSimple\b([^>]*?)(\/?)>|<\/w:fldSimple>/g, (tag: string, attributes: string | undefined, selfClosing: string | undefined) => {
    if (tag.startsWith("</")) return fieldChar("end");
    if (selfClosing === "/") return "";
    const instruction = unescapeAttribute(/\bw:instr\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(attributes ?? "")?.slice(1).find((v) => v !== undefined) ?? "");
    return `${fieldChar("begin")}<w:r><w:instrText xml:space="preserve">${escapeXmlText(instruction)}</w:instrText></w:r>${fieldChar("separate")}`;
  });
}

interface OpenField {
  /** still in its instructions (before its separator) */
  instructions: boolean;
  instruction: string;
  /** w:fldLock: the author froze its result */
  locked: boolean;
  /** what a DATE or TIME field shows today (field-date.ts), in place of its stored result */
  shown?: string;
  emitted?: boolean;
}

/**
 * The w:t elements inside a field's instructions removed: fields nest, and a run's text shows only
 * when no field around it is between its begin and its separator (or end, when it has none). A DATE
 * or TIME field's stored result is replaced by today's, as Word and LibreOffice show it.
 */
function fieldsAsShown(xml: string): string {
  if (!/w:fldCharType="begin"[\s\S]*w:fldCharType="begin"/.test(xml) && !/<w:instrText\b[^>]*>\s*(?:DATE|TIME)\b/i.test(xml)) return xml;
  const open: OpenField[] = [];
  return xml.replace(/<w:fldChar\b[^>]*>|<w:instrText\b[^>]*>([^<]*)<\/w:instrText>|<w:t(?:\s[^>]*)?>[^<]*<\/w:t>/g, (tag: string, instruction: string | undefined) => {
    if (tag.startsWith("<w:fldChar")) {
      const type = /w:fldCharType="(\w+)"/.exec(tag)?.[1];
      const top = open.at(-1);
      if (type === "begin") open.push({ instructions: true, instruction: "", locked: /w:fldLock="(?:true|1|on)"/.test(tag) });
      else if (type === "separate" && top) {
        top.instructions = false;
        const shown = top.locked ? undefined : currentDateField(unescapeAttribute(top.instruction));
        if (shown !== undefined) top.shown = shown;
      } else if (type === "end") open.pop();
      return tag;
    }
    if (instruction !== undefined) {
      const top = open.at(-1);
      if (top?.instructions) top.instruction += instruction;
      return tag;
    }
    if (open.some((field) => field.instructions)) return "";
    const dated = open.findLast((field) => field.shown !== undefined);
    if (!dated) return tag;
    const first = dated.emitted !== true;
    dated.emitted = true;
    return first ? `<w:t xml:space="preserve">${escapeXmlText(dated.shown!)}</w:t>` : "";
  });
}

/** The end of the element opened at `start` (named `name`, which may nest), after its close tag; -1 when cut short. */
function elementEnd(xml: string, start: number, name: string): number {
  const tags = new RegExp(`<(/?)${name}\\b[^>]*?(/?)>`, "g");
  tags.lastIndex = start;
  let depth = 0;
  for (let match = tags.exec(xml); match; match = tags.exec(xml)) {
    if (match[1] === "/") depth--;
    else if (match[2] !== "/") depth++;
    if (depth === 0) return tags.lastIndex;
  }
  return -1;
}

/** Each mc:AlternateContent without a Fallback replaced by its first Choice's content. */
function choicesWithoutFallback(xml: string): string {
  const out: string[] = [];
  let from = 0;
  const opening = /<mc:AlternateContent\b[^>]*?(\/?)>/g;
  for (let match = opening.exec(xml); match; match = opening.exec(xml)) {
    if (match[1] === "/") continue;
    const end = elementEnd(xml, match.index, "mc:AlternateContent");
    if (end < 0) break;
    const element = xml.slice(match.index, end);
    // a Fallback anywhere inside (its own or a nested one's): mammoth reads it, leave the element be;
    // so too a drawing (a DrawingML text box mammoth would not read, whose paragraphs would then be
    // counted here and not there)
    if (element.includes("<mc:Fallback") || element.includes("<w:drawing")) {
      opening.lastIndex = end;
      continue;
    }
    const choice = /<mc:Choice\b[^>]*>/.exec(element);
    const choiceEnd = choice ? elementEnd(element, choice.index, "mc:Choice") : -1;
    out.push(xml.slice(from, match.index));
    if (choice && choiceEnd > 0) out.push(choicesWithoutFallback(element.slice(choice.index + choice[0].length, choiceEnd - "</mc:Choice>".length)));
    from = end;
    opening.lastIndex = end;
  }
  out.push(xml.slice(from));
  return out.join("");
}

/** The part's XML as mammoth should see it; the same string when nothing needs rewriting. */
export function prepareWordXml(xml: string): string {
  if (!NEEDS_WORK.test(xml)) return xml;
  let out = fieldsAsShown(expandSimpleFields(xml));
  out = out.replace(/<\/?w:(?:dir|bdo)\b[^>]*>/g, "");
  if (out.includes("<w:ruby")) out = out.replace(/<w:ruby>[\s\S]*?<w:rubyBase>([\s\S]*?)<\/w:rubyBase>\s*<\/w:ruby>/g, "$1");
  if (out.includes("<mc:AlternateContent")) out = choicesWithoutFallback(out);
  return out;
}

/** Whether a part's XML has anything prepareWordXml rewrites. */
export function needsPreparing(xml: string): boolean {
  return NEEDS_WORK.test(xml);
}
