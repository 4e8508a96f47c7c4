// Our XML 1.0 parser: one pass that checks well-formedness the way xmllint does (the first error with
// its line and column), reads the DOCTYPE's internal subset, expands its entities under a budget, and
// reports elements and text to a handler. Nothing is ever fetched: external entities and DTDs are not
// read. Rules we chose (docs/decisions/035-data-real-world.md):
// - entity expansion may produce at most max(1 M characters, 5 × the document) plus 20 per reference,
//   and nest 40 deep, as libxml2's amplification limit; a loop is an error;
// - an external parsed entity is never read: its reference gives nothing (xmllint --noent --nonet);
// - an undeclared entity is an error, as in xmllint, unless the DOCTYPE names an external DTD or an
//   unread parameter entity (which could declare it: HTML entity names are expanded then, others kept
//   literally), or the document is a feed (rss, rdf:RDF, feed), read as feed readers read them:
//   HTML entity names expanded, unknown ones and a bare "&" kept as written, characters XML forbids
//   dropped, white space before the declaration and anything after the root element ignored.
// Namespaces are not checked (xmllint exits 0 on namespace errors too).
import { DocumentError } from "../document/document-error.ts";
import { lineColumn, parseError, throwIfAborted, tooDeep } from "./data-error.ts";
import { MAX_DEPTH } from "./data-model.ts";
import { htmlEntity } from "./html-entities.ts";

export interface XmlHandler {
  open(name: string, attributes: Record<string, string>): void;
  text(data: string): void;
  close(): void;
}

export interface XmlParseOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** libxml2's budget: expansions may reach this many characters whatever the document's size... */
const EXPANSION_ALLOWANCE = 1_000_000;
/** ...and beyond it this many times the document's length */
const EXPANSION_RATIO = 5;
/** counted for each reference, so that millions of references to an empty entity still add up */
const REFERENCE_COST = 20;
/** entities inside entities */
const MAX_ENTITY_DEPTH = 40;
/** characters between progress reports and Cancel checks */
const PROGRESS_STEP = 1 << 20;

const NAME_START = ":A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}";
const NAME_MORE = `${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040`;
const NAME = new RegExp(`[${NAME_START}][${NAME_MORE}]*`, "uy");
const NMTOKEN = new RegExp(`[${NAME_MORE}]+`, "uy");
/** the first character XML 1.0 does not allow */
const BAD_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const SPACE = /[ \t\n]+/y;
const CHAR_DATA = /[^<&]*/y;
const PREDEFINED: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", apos: "'", quot: '"' };
const FEED_ROOTS = new Set(["rss", "rdf:RDF", "RDF", "feed"]);
/** a feed's root element among the first characters (comments aside) */
const FEED_START = /<(rss|rdf:RDF|feed)[\s>]/;
/** a whole reference: "&name;", "&#123;" or "&#x1F;" */
const REFERENCE = new RegExp(`&(?:#[0-9]+|#x[0-9a-fA-F]+|[${NAME_START}][${NAME_MORE}]*);`, "uy");

interface Entity {
  /** replacement text of an internal entity; undefined for an external one (never read) */
  value?: string;
  /** an unparsed entity (NDATA): it may not be referenced */
  unparsed?: boolean;
}

/** A text being parsed: the document, or an entity's replacement text (errors point at its reference in the document). */
interface Source {
  s: string;
  i: number;
  /** index in the document of the outermost reference that led here; undefined for the document itself */
  origin?: number;
  /** the entity's name, for messages */
  entity?: string;
}

/** A well-formedness error inside the parser; parseXml turns it into the DocumentError. */
class XmlError extends Error {
  readonly reason: string;
  readonly line: number;
  readonly column: number;
  constructor(reason: string, line: number, column: number) {
    super(reason);
    this.reason = reason;
    this.line = line;
    this.column = column;
  }
}

const isCharCode = (code: number) => code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);

class XmlParser {
  private readonly doc: Source;
  private readonly general = new Map<string, Entity>();
  private readonly parameter = new Map<string, Entity>();
  private readonly expanding = new Set<string>();
  private readonly stack: string[] = [];
  private expanded = 0;
  private readonly budget: number;
  /** the DOCTYPE names an external DTD, or an unread parameter entity: it may declare entities we do not see */
  private unseenDeclarations = false;
  private standalone = false;
  /** a feed (its root is rss, rdf:RDF or feed): read leniently, as feed readers do */
  private feed: boolean;
  private nextProgress = PROGRESS_STEP;
  /** an XML declaration after white space: an error unless the document turns out to be a feed */
  private lateDeclaration = -1;

  private readonly handler: XmlHandler;
  private readonly options: XmlParseOptions;

  constructor(text: string, handler: XmlHandler, options: XmlParseOptions, feed: boolean) {
    this.feed = feed;
    this.handler = handler;
    this.options = options;
    this.doc = { s: text, i: 0 };
    this.budget = Math.max(EXPANSION_ALLOWANCE, EXPANSION_RATIO * text.length);
  }

  private fail(src: Source, reason: string, at = src.i): never {
    const index = src.origin ?? at;
    const where = lineColumn(this.doc.s, index);
    throw new XmlError(src.entity ? `${reason} (in the entity "${src.entity}")` : reason, where.line, where.column);
  }

  /** Something opened at `at` that the text never closes: reported at the end, where xmllint sees it, naming the line it opened on. */
  private unclosed(src: Source, what: string, at: number): never {
    const opened = lineColumn(this.doc.s, src.origin ?? at).line;
    this.fail(src, `${what} opened on line ${opened} is never closed`, src.s.length);
  }

  private progress(): void {
    const at = this.doc.i;
    if (at < this.nextProgress) return;
    this.nextProgress = at + PROGRESS_STEP;
    throwIfAborted(this.options.signal);
    this.options.onProgress?.(Math.min(1, at / Math.max(1, this.doc.s.length)));
  }

  private space(src: Source): boolean {
    SPACE.lastIndex = src.i;
    if (!SPACE.test(src.s)) return false;
    src.i = SPACE.lastIndex;
    return true;
  }

  private needSpace(src: Source, what: string): void {
    if (!this.space(src)) this.fail(src, `a space is needed ${what}`);
  }

  private name(src: Source, what: string): string {
    NAME.lastIndex = src.i;
    const match = NAME.exec(src.s);
    if (!match) this.fail(src, `${what}: not a valid name${src.i < src.s.length ? ` at "${src.s.slice(src.i, src.i + 12)}"` : " (the file ends here)"}`);
    src.i = NAME.lastIndex;
    return match[0];
  }

  private expect(src: Source, literal: string, what: string): void {
    if (!src.s.startsWith(literal, src.i)) this.fail(src, `${what}: "${literal}" expected`);
    src.i += literal.length;
  }

  private quoted(src: Source, what: string): { value: string; start: number } {
    const quote = src.s[src.i];
    if (quote !== '"' && quote !== "'") this.fail(src, `${what}: a quoted value (" or ') expected`);
    const end = src.s.indexOf(quote, src.i + 1);
    if (end === -1) this.unclosed(src, `${what}: the quoted value`, src.i);
    const start = src.i + 1;
    src.i = end + 1;
    return { value: src.s.slice(start, end), start };
  }

  private spend(src: Source, characters: number): void {
    this.expanded += characters + REFERENCE_COST;
    if (this.expanded > this.budget) {
      const where = lineColumn(this.doc.s, src.origin ?? src.i);
      throw new DocumentError(
        `The XML's entities expand to more than ${this.budget.toLocaleString("en")} characters (line ${where.line}, column ${where.column}): nested entities ("billion laughs") can make a small file enormous, so it was not converted.`,
        "too-much-work",
      );
    }
  }

  /** "&#...;" at src.i: the character, checked. */
  private charRef(src: Source): string {
    const match = /&#(?:x([0-9a-fA-F]+)|([0-9]+));/y;
    match.lastIndex = src.i;
    const found = match.exec(src.s);
    if (!found) this.fail(src, "a character reference must be &#digits; or &#xhex;");
    const code = found[1] !== undefined ? Number.parseInt(found[1], 16) : Number.parseInt(found[2]!, 10);
    if (!isCharCode(code)) this.fail(src, `the character reference ${found[0]} is not a character XML allows`);
    src.i = match.lastIndex;
    return String.fromCodePoint(code);
  }

  /** "&name;" at src.i: its name. */
  private entityRef(src: Source): string {
    src.i += 1;
    const name = this.name(src, "entity reference");
    if (src.s[src.i] !== ";") this.fail(src, `the entity reference "&${name}" has no ";"`);
    src.i += 1;
    return name;
  }

  /** What an undeclared entity becomes: an HTML character, its literal text, or an error. */
  private undeclared(src: Source, name: string, at: number): string {
    const html = this.feed || this.unseenDeclarations ? htmlEntity(name) : undefined;
    if (html !== undefined) return html;
    if (this.feed || (this.unseenDeclarations && !this.standalone)) return `&${name};`;
    this.fail(src, `the entity "${name}" is undeclared (without a DTD that declares it, XML knows only &amp; &lt; &gt; &quot; &apos;)`, at);
  }

  private enter(src: Source, name: string, value: string): Source {
    if (this.expanding.has(name)) this.fail(src, `the entity "${name}" refers to itself (an entity reference loop)`);
    if (this.expanding.size >= MAX_ENTITY_DEPTH) {
      throw new DocumentError(`The XML's entities nest more than ${MAX_ENTITY_DEPTH} deep; it was not converted.`, "too-much-work");
    }
    this.spend(src, value.length);
    return { s: value, i: 0, origin: src.origin ?? src.i, entity: name };
  }

  // --- attribute values ---------------------------------------------------------------------

  /** An attribute value's normalized text: references replaced, white space characters as spaces. */
  private attributeValue(src: Source, raw: string, start: number, out: string[]): void {
    const lt = raw.indexOf("<");
    if (lt !== -1) this.fail(src, `"<" is not allowed in an attribute value`, start + lt);
    let at = 0;
    for (let amp = raw.indexOf("&"); amp !== -1; amp = raw.indexOf("&", at)) {
      out.push(raw.slice(at, amp).replace(/[\t\n\r]/g, " "));
      const ref: Source = { s: raw, i: amp, origin: src.origin ?? start + amp, entity: src.entity };
      if (this.bareAmpersand(ref)) {
        out.push("&");
        ref.i += 1;
      } else if (raw[amp + 1] === "#") out.push(this.charRef(ref));
      else {
        const name = this.entityRef(ref);
        const predefined = PREDEFINED[name];
        const entity = this.general.get(name);
        if (predefined !== undefined && entity === undefined) out.push(predefined);
        else if (entity === undefined) out.push(this.undeclared(ref, name, amp));
        else if (entity.value === undefined) this.fail(ref, `the attribute refers to the external entity "${name}", which is not allowed`, amp);
        else {
          const inner = this.enter(ref, name, entity.value);
          this.expanding.add(name);
          this.attributeValue(inner, entity.value, 0, out);
          this.expanding.delete(name);
        }
      }
      at = ref.i;
    }
    out.push(raw.slice(at).replace(/[\t\n\r]/g, " "));
  }

  // --- elements and content -----------------------------------------------------------------

  /** A start tag at src.i ("<" seen); true when it was an empty element (already closed). */
  private startTag(src: Source): boolean {
    src.i += 1;
    const name = this.name(src, "start tag");
    const attributes: Record<string, string> = {};
    for (;;) {
      const spaced = this.space(src);
      const c = src.s[src.i];
      if (c === ">" || (c === "/" && src.s[src.i + 1] === ">")) {
        src.i += c === ">" ? 1 : 2;
        if (this.stack.length === 0) this.feed &&= FEED_ROOTS.has(name);
        if (this.stack.length >= MAX_DEPTH) throw tooDeep("XML");
        this.handler.open(name, attributes);
        if (c === ">") {
          this.stack.push(name);
          return false;
        }
        this.handler.close();
        return true;
      }
      if (c === undefined) this.fail(src, `the file ends inside the start tag <${name}>`);
      if (!spaced) this.fail(src, `the start tag <${name}> is malformed (a space, ">" or "/>" expected)`);
      const at = src.i;
      const attribute = this.name(src, `an attribute of <${name}>`);
      this.space(src);
      if (src.s[src.i] !== "=") this.fail(src, `the attribute "${attribute}" of <${name}> has no value`);
      src.i += 1;
      this.space(src);
      const { value, start } = this.quoted(src, `the attribute "${attribute}"`);
      if (Object.hasOwn(attributes, attribute)) this.fail(src, `the attribute "${attribute}" is given twice`, at);
      const out: string[] = [];
      this.attributeValue(src, value, start, out);
      const text = out.length === 1 ? out[0]! : out.join("");
      // "__proto__" as an own key, not the prototype
      if (attribute === "__proto__") Object.defineProperty(attributes, attribute, { value: text, enumerable: true, writable: true, configurable: true });
      else attributes[attribute] = text;
    }
  }

  private endTag(src: Source, base: number): void {
    const at = src.i;
    src.i += 2;
    const name = this.name(src, "end tag");
    this.space(src);
    if (src.s[src.i] !== ">") this.fail(src, `the end tag </${name}> is malformed`);
    src.i += 1;
    const open = this.stack.at(-1);
    if (this.stack.length <= base) this.fail(src, src.entity ? `</${name}> closes an element the entity did not open` : `</${name}> has no start tag`, at);
    if (open !== name) this.fail(src, `</${name}> does not match the open element <${open}>`, at);
    this.stack.pop();
    this.handler.close();
  }

  private comment(src: Source): void {
    const end = src.s.indexOf("--", src.i + 4);
    if (end === -1) this.unclosed(src, "the comment", src.i);
    if (src.s[end + 2] !== ">") this.fail(src, `"--" is not allowed inside a comment`, end);
    src.i = end + 3;
  }

  private processingInstruction(src: Source): void {
    const at = src.i;
    src.i += 2;
    const target = this.name(src, "processing instruction");
    if (target.toLowerCase() === "xml") this.fail(src, "the XML declaration is allowed only at the very start of the file", at);
    if (src.s.startsWith("?>", src.i)) {
      src.i += 2;
      return;
    }
    this.needSpace(src, `after <?${target}`);
    const end = src.s.indexOf("?>", src.i);
    if (end === -1) this.unclosed(src, `the processing instruction <?${target}`, at);
    src.i = end + 2;
  }

  /** Content until the element open at `base` closes (the document) or the text ends (an entity). */
  private content(src: Source, base: number): void {
    const s = src.s;
    const inDocument = src.origin === undefined;
    while (src.i < s.length) {
      if (inDocument) this.progress();
      CHAR_DATA.lastIndex = src.i;
      CHAR_DATA.test(s);
      const end = CHAR_DATA.lastIndex;
      if (end > src.i) {
        const data = s.slice(src.i, end);
        const bad = data.indexOf("]]>");
        if (bad !== -1) this.fail(src, `"]]>" is not allowed in text`, src.i + bad);
        this.handler.text(data);
        src.i = end;
        if (end >= s.length) break;
      }
      if (s[src.i] === "&") {
        this.reference(src);
        continue;
      }
      const next = s[src.i + 1];
      if (next === "/") {
        this.endTag(src, base);
        if (this.stack.length === base && inDocument) return;
      } else if (next === "!") {
        if (s.startsWith("<!--", src.i)) this.comment(src);
        else if (s.startsWith("<![CDATA[", src.i)) {
          const close = s.indexOf("]]>", src.i + 9);
          if (close === -1) this.unclosed(src, "the CDATA section", src.i);
          this.handler.text(s.slice(src.i + 9, close));
          src.i = close + 3;
        } else this.fail(src, `"<!" here starts neither a comment nor a CDATA section`);
      } else if (next === "?") this.processingInstruction(src);
      else this.startTag(src);
    }
    if (inDocument) this.fail(src, `the file ends before </${this.stack.at(-1)}> (the element is never closed)`);
    if (this.stack.length !== base) this.fail(src, `<${this.stack.at(-1)}> is not closed inside the entity`);
  }

  /** In a feed, an "&" that starts no reference is a literal "&" (a URL's query, "Tom & Jerry"). */
  private bareAmpersand(src: Source, at = src.i): boolean {
    if (!this.feed) return false;
    REFERENCE.lastIndex = at;
    return !REFERENCE.test(src.s);
  }

  private reference(src: Source): void {
    if (this.bareAmpersand(src)) {
      src.i += 1;
      return this.handler.text("&");
    }
    if (src.s[src.i + 1] === "#") {
      this.handler.text(this.charRef(src));
      return;
    }
    const at = src.i;
    const name = this.entityRef(src);
    const predefined = PREDEFINED[name];
    const entity = this.general.get(name);
    if (predefined !== undefined && entity === undefined) return this.handler.text(predefined);
    if (entity === undefined) return this.handler.text(this.undeclared(src, name, at));
    if (entity.unparsed) this.fail(src, `the unparsed entity "${name}" cannot be used in text`, at);
    // an external entity is never fetched: it reads as nothing, as in xmllint --noent without the file
    if (entity.value === undefined) return;
    const inner = this.enter({ ...src, i: at }, name, entity.value);
    this.expanding.add(name);
    this.content(inner, this.stack.length);
    this.expanding.delete(name);
  }

  // --- prolog, DOCTYPE and the internal subset -----------------------------------------------

  private declaration(src: Source): void {
    const at = src.i;
    src.i += 5;
    const bad = (what: string): never => this.fail(src, `the XML declaration is malformed: ${what}`);
    this.needSpace(src, "after <?xml");
    this.expect(src, "version", "the XML declaration");
    this.space(src);
    this.expect(src, "=", "the XML declaration's version");
    this.space(src);
    if (!/^1\.[0-9]+$/.test(this.quoted(src, "version").value)) bad("the version is not 1.x");
    for (const key of ["encoding", "standalone"]) {
      const before = src.i;
      if (!this.space(src) || !src.s.startsWith(key, src.i)) {
        src.i = before;
        continue;
      }
      src.i += key.length;
      this.space(src);
      this.expect(src, "=", `the XML declaration's ${key}`);
      this.space(src);
      const { value } = this.quoted(src, key);
      if (key === "encoding" && !/^[A-Za-z][A-Za-z0-9._-]*$/.test(value)) bad(`"${value}" is not an encoding name`);
      if (key === "standalone") {
        if (value !== "yes" && value !== "no") bad(`standalone must be "yes" or "no"`);
        this.standalone = value === "yes";
      }
    }
    this.space(src);
    if (!src.s.startsWith("?>", src.i)) bad(`"?>" expected`);
    src.i += 2;
    if (at > 0 && !this.feed) this.fail(src, "the XML declaration is allowed only at the very start of the file (here it follows white space)", at);
    if (at > 0) this.lateDeclaration = at;
  }

  private externalId(src: Source, what: string, publicOnly = false): boolean {
    if (src.s.startsWith("SYSTEM", src.i)) {
      src.i += 6;
      this.needSpace(src, `after SYSTEM in ${what}`);
      this.quoted(src, `${what}'s system identifier`);
      return true;
    }
    if (src.s.startsWith("PUBLIC", src.i)) {
      src.i += 6;
      this.needSpace(src, `after PUBLIC in ${what}`);
      const id = this.quoted(src, `${what}'s public identifier`);
      const badId = id.value.search(/[^ \r\na-zA-Z0-9\-'()+,./:=?;!*#@$_%]/);
      if (badId !== -1) this.fail(src, `${what}'s public identifier has a character it may not have`, id.start + badId);
      const before = src.i;
      const spaced = this.space(src);
      if (spaced && (src.s[src.i] === '"' || src.s[src.i] === "'")) this.quoted(src, `${what}'s system identifier`);
      else if (publicOnly) src.i = before;
      else this.fail(src, `${what}: a system identifier must follow the public one`);
      return true;
    }
    return false;
  }

  private doctype(src: Source): void {
    src.i += 9;
    this.needSpace(src, "after <!DOCTYPE");
    this.name(src, "DOCTYPE");
    const spaced = this.space(src);
    if (spaced && this.externalId(src, "the DOCTYPE")) {
      this.unseenDeclarations = true;
      this.space(src);
    }
    if (src.s[src.i] === "[") {
      src.i += 1;
      this.subset(src, true);
      this.space(src);
    }
    if (src.s[src.i] !== ">") this.fail(src, "the DOCTYPE is malformed");
    src.i += 1;
  }

  /** Markup declarations until "]" (the internal subset) or the end of a parameter entity's text. */
  private subset(src: Source, internal: boolean): void {
    for (;;) {
      this.space(src);
      const s = src.s;
      if (src.i >= s.length) {
        if (internal) this.unclosed(src, "the DOCTYPE's internal subset", src.i);
        return;
      }
      if (internal && s[src.i] === "]") {
        src.i += 1;
        return;
      }
      if (s[src.i] === "%") {
        const at = src.i;
        src.i += 1;
        const name = this.name(src, "parameter entity reference");
        if (s[src.i] !== ";") this.fail(src, `the parameter entity reference "%${name}" has no ";"`);
        src.i += 1;
        const entity = this.parameter.get(name);
        if (entity === undefined && this.unseenDeclarations) continue;
        if (entity === undefined) this.fail(src, `the parameter entity "${name}" is undeclared`, at);
        if (entity.value === undefined) {
          this.unseenDeclarations = true;
          continue;
        }
        const inner = this.enter({ ...src, i: at }, `%${name}`, entity.value);
        this.expanding.add(`%${name}`);
        this.subset(inner, false);
        this.expanding.delete(`%${name}`);
        continue;
      }
      if (s.startsWith("<!--", src.i)) this.comment(src);
      else if (s.startsWith("<?", src.i)) this.processingInstruction(src);
      else if (s.startsWith("<!ENTITY", src.i)) this.entityDeclaration(src);
      else if (s.startsWith("<!ELEMENT", src.i)) this.elementDeclaration(src);
      else if (s.startsWith("<!ATTLIST", src.i)) this.attlistDeclaration(src);
      else if (s.startsWith("<!NOTATION", src.i)) {
        src.i += 10;
        this.needSpace(src, "after <!NOTATION");
        this.name(src, "NOTATION");
        this.needSpace(src, "in <!NOTATION");
        if (!this.externalId(src, "the NOTATION", true)) this.fail(src, "the NOTATION needs SYSTEM or PUBLIC");
        this.endDeclaration(src, "NOTATION");
      } else this.fail(src, "the DOCTYPE's internal subset has something that is not a markup declaration");
    }
  }

  private endDeclaration(src: Source, what: string): void {
    this.space(src);
    if (src.s[src.i] !== ">") this.fail(src, `the ${what} declaration is malformed ("&gt;" expected)`.replace("&gt;", ">"));
    src.i += 1;
  }

  private entityDeclaration(src: Source): void {
    src.i += 8;
    this.needSpace(src, "after <!ENTITY");
    const isParameter = src.s[src.i] === "%";
    if (isParameter) {
      src.i += 1;
      this.needSpace(src, "after <!ENTITY %");
    }
    const name = this.name(src, "ENTITY");
    this.needSpace(src, `after the entity name "${name}"`);
    let entity: Entity;
    if (src.s[src.i] === '"' || src.s[src.i] === "'") {
      const { value, start } = this.quoted(src, `the entity "${name}"`);
      entity = { value: this.entityValue(src, value, start) };
    } else {
      if (!this.externalId(src, `the entity "${name}"`)) this.fail(src, `the entity "${name}" needs a quoted value, SYSTEM or PUBLIC`);
      entity = {};
      const before = src.i;
      if (this.space(src) && src.s.startsWith("NDATA", src.i)) {
        if (isParameter) this.fail(src, "a parameter entity cannot have NDATA");
        src.i += 5;
        this.needSpace(src, "after NDATA");
        this.name(src, "NDATA");
        entity.unparsed = true;
      } else src.i = before;
    }
    this.endDeclaration(src, "ENTITY");
    const table = isParameter ? this.parameter : this.general;
    // the first declaration binds; the five predefined ones keep their meaning
    if (!table.has(name) && (isParameter || PREDEFINED[name] === undefined)) table.set(name, entity);
  }

  /** An entity's literal value as its replacement text: character references replaced, the rest checked and kept. */
  private entityValue(src: Source, raw: string, start: number): string {
    const percent = raw.indexOf("%");
    if (percent !== -1) {
      if (src.origin === undefined) this.fail(src, "a parameter entity reference is not allowed inside a declaration of the internal subset", start + percent);
    }
    if (!raw.includes("&")) return raw;
    let out = "";
    let at = 0;
    for (let amp = raw.indexOf("&"); amp !== -1; amp = raw.indexOf("&", at)) {
      out += raw.slice(at, amp);
      const ref: Source = { s: raw, i: amp, origin: src.origin ?? start + amp, entity: src.entity };
      if (raw[amp + 1] === "#") out += this.charRef(ref);
      else {
        this.entityRef(ref);
        out += raw.slice(amp, ref.i);
      }
      at = ref.i;
    }
    return out + raw.slice(at);
  }

  private elementDeclaration(src: Source): void {
    src.i += 9;
    this.needSpace(src, "after <!ELEMENT");
    const name = this.name(src, "ELEMENT");
    this.needSpace(src, `after the element name "${name}"`);
    if (src.s.startsWith("EMPTY", src.i)) src.i += 5;
    else if (src.s.startsWith("ANY", src.i)) src.i += 3;
    else if (src.s[src.i] !== "(") this.fail(src, `the content model of <!ELEMENT ${name}> must be EMPTY, ANY or start with "("`);
    else {
      const after = src.i + 1;
      SPACE.lastIndex = after;
      const mixedAt = SPACE.test(src.s) ? SPACE.lastIndex : after;
      if (src.s.startsWith("#PCDATA", mixedAt)) this.mixedModel(src, mixedAt + 7, name);
      else this.childrenModel(src, name);
    }
    this.endDeclaration(src, "ELEMENT");
  }

  private mixedModel(src: Source, from: number, element: string): void {
    src.i = from;
    let names = 0;
    for (;;) {
      this.space(src);
      if (src.s[src.i] === ")") break;
      if (src.s[src.i] !== "|") this.fail(src, `the content model of <!ELEMENT ${element}> is malformed ("|" or ")" expected)`);
      src.i += 1;
      this.space(src);
      this.name(src, "content model");
      names += 1;
    }
    src.i += 1;
    if (src.s[src.i] === "*") src.i += 1;
    else if (names > 0) this.fail(src, `the content model of <!ELEMENT ${element}> must end with ")*" when it lists names with #PCDATA`);
  }

  /** ( cp (, cp)* ) or ( cp (| cp)+ ), nested, with ? * + after each; an explicit stack, no recursion. */
  private childrenModel(src: Source, element: string): void {
    const separators: (string | undefined)[] = [];
    const bad = (what: string): never => this.fail(src, `the content model of <!ELEMENT ${element}> is malformed (${what})`);
    const quantifier = () => {
      const c = src.s[src.i];
      if (c === "?" || c === "*" || c === "+") src.i += 1;
    };
    // at "(": open a group, then expect a content particle
    src.i += 1;
    separators.push(undefined);
    for (;;) {
      this.space(src);
      if (src.s[src.i] === "(") {
        if (separators.length > MAX_DEPTH) throw tooDeep("XML content model");
        src.i += 1;
        separators.push(undefined);
        continue;
      }
      this.name(src, "content model");
      quantifier();
      // after a particle: a separator, or ")" closing groups
      for (;;) {
        this.space(src);
        const c = src.s[src.i];
        if (c === ")") {
          separators.pop();
          src.i += 1;
          quantifier();
          if (separators.length === 0) return;
          continue;
        }
        if (c !== "," && c !== "|") bad(`',' '|' or ')' expected`);
        const current = separators.at(-1);
        if (current !== undefined && current !== c) bad("',' and '|' mixed in one group");
        separators[separators.length - 1] = c;
        src.i += 1;
        break;
      }
    }
  }

  private attlistDeclaration(src: Source): void {
    src.i += 9;
    this.needSpace(src, "after <!ATTLIST");
    this.name(src, "ATTLIST");
    for (;;) {
      const spaced = this.space(src);
      if (src.s[src.i] === ">") {
        src.i += 1;
        return;
      }
      if (!spaced) this.fail(src, "the ATTLIST declaration is malformed");
      const attribute = this.name(src, "ATTLIST");
      this.needSpace(src, `after the attribute "${attribute}" in ATTLIST`);
      const type = /CDATA|IDREFS|IDREF|ID|ENTITY|ENTITIES|NMTOKENS|NMTOKEN|NOTATION/y;
      type.lastIndex = src.i;
      const typed = type.exec(src.s);
      if (typed) {
        src.i = type.lastIndex;
        if (typed[0] === "NOTATION") {
          this.needSpace(src, "after NOTATION");
          this.enumeration(src, NAME);
        }
      } else if (src.s[src.i] === "(") this.enumeration(src, NMTOKEN);
      else this.fail(src, `the ATTLIST type of "${attribute}" is not one XML knows`);
      this.needSpace(src, `after the type of "${attribute}" in ATTLIST`);
      if (src.s.startsWith("#REQUIRED", src.i)) src.i += 9;
      else if (src.s.startsWith("#IMPLIED", src.i)) src.i += 8;
      else {
        if (src.s.startsWith("#FIXED", src.i)) {
          src.i += 6;
          this.needSpace(src, "after #FIXED");
        }
        const { value, start } = this.quoted(src, `the default of "${attribute}"`);
        this.attributeValue(src, value, start, []);
      }
    }
  }

  private enumeration(src: Source, token: RegExp): void {
    if (src.s[src.i] !== "(") this.fail(src, `"(" expected in ATTLIST`);
    src.i += 1;
    for (;;) {
      this.space(src);
      token.lastIndex = src.i;
      if (!token.test(src.s)) this.fail(src, "a name expected in the ATTLIST's list");
      src.i = token.lastIndex;
      this.space(src);
      const c = src.s[src.i];
      src.i += 1;
      if (c === ")") return;
      if (c !== "|") this.fail(src, `"|" or ")" expected in the ATTLIST's list`, src.i - 1);
    }
  }

  /** Comments, processing instructions and white space between the prolog's parts; false at anything else. */
  private misc(src: Source): boolean {
    this.space(src);
    if (src.s.startsWith("<!--", src.i)) this.comment(src);
    else if (src.s.startsWith("<?", src.i) && !/^<\?xml[\s?]/.test(src.s.slice(src.i, src.i + 6))) this.processingInstruction(src);
    else return false;
    return true;
  }

  parse(): void {
    const src = this.doc;
    const text = src.s;
    if (text.trim() === "") this.fail(src, "the file is empty (no root element)");
    this.space(src);
    if (/^<\?xml[\s]/.test(text.slice(src.i, src.i + 6))) this.declaration(src);
    while (this.misc(src));
    if (text.startsWith("<!DOCTYPE", src.i)) {
      this.doctype(src);
      while (this.misc(src));
    }
    if (src.i >= text.length) this.fail(src, "the file has no root element");
    if (text[src.i] !== "<") this.fail(src, `a start tag "<" is expected here, not "${text.slice(src.i, src.i + 12)}"`);
    if (text.startsWith("<?xml", src.i)) this.fail(src, "the XML declaration is allowed only at the very start of the file");
    if (text.startsWith("<!DOCTYPE", src.i)) this.fail(src, "a second DOCTYPE, or one after the start, is not allowed");
    if (text.startsWith("<!", src.i) || text.startsWith("</", src.i)) this.fail(src, "a start tag is expected here");
    if (!this.startTag(src)) this.content(src, 0);
    if (this.lateDeclaration !== -1 && !this.feed) this.fail(src, "the XML declaration is allowed only at the very start of the file (here it follows white space)", this.lateDeclaration);
    if (this.feed) return;
    while (this.misc(src));
    if (src.i < text.length) this.fail(src, "there is more after the root element's end (a document has one root element)");
  }
}

/**
 * Parses an XML document (line ends and the BOM already handled by the caller or not: CR LF and CR
 * are read as LF here) and reports it to `handler`; refuses the first well-formedness error with
 * its line and column.
 */
export function parseXml(text: string, handler: XmlHandler, options: XmlParseOptions = {}): void {
  let source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // libxml2 stops at NUL bytes that end the file (padding some writers leave)
  if (source.endsWith("\0")) source = source.replace(/\0+$/, "");
  if (source.includes("\r")) source = source.replace(/\r\n?/g, "\n");
  const feed = FEED_START.test(source.slice(0, 4096).replace(/<!--[^]*?-->/g, ""));
  let bad = source.search(BAD_CHAR);
  // feed readers drop the control characters that pasted text brings
  if (bad !== -1 && feed) {
    source = source.replace(new RegExp(BAD_CHAR.source, "gu"), "");
    bad = -1;
  }
  if (bad !== -1) {
    // an error before the bad character comes first, as xmllint reads in order: parse up to it
    const code = source.codePointAt(bad)!;
    const where = lineColumn(source, bad);
    try {
      new XmlParser(source.slice(0, bad), { open() {}, text() {}, close() {} }, {}, feed).parse();
    } catch (error) {
      if (!(error instanceof XmlError)) throw error;
      if (error.line < where.line || (error.line === where.line && error.column < where.column)) throw parseError("XML", error.reason, { line: error.line, column: error.column });
    }
    throw parseError("XML", `the character U+${code.toString(16).toUpperCase().padStart(4, "0")} is not allowed in XML`, where);
  }
  try {
    new XmlParser(source, handler, options, feed).parse();
  } catch (error) {
    if (error instanceof XmlError) throw parseError("XML", error.reason, { line: error.line, column: error.column });
    throw error;
  }
}
