// Where a JSON text first goes wrong, for V8's messages that do not say ("Unexpected token '}', ..."):
// a small scanner without recursion, run only after JSON.parse has failed.

const VALUE = 0;
const KEY = 1;
const COLON = 2;
const AFTER = 3;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);

/** The index of the first character that makes `text` invalid JSON (text.length when it ends too soon), or -1 if it is valid. */
export function jsonErrorIndex(text: string): number {
  const n = text.length;
  const closers: string[] = [];
  let state = VALUE;
  let first = false;
  let i = 0;

  /** i at the opening quote; true with i past the closing one, else false with i at the fault */
  const string = (): boolean => {
    i += 1;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i += 1;
        return true;
      }
      if (c < 0x20) return false;
      if (c === 0x5c) {
        const next = text[i + 1];
        if (next === "u") {
          // at the first character that is not a hex digit, as V8 says
          for (let k = i + 2; k < i + 6; k++) {
            if (!/[0-9a-fA-F]/.test(text[k] ?? "")) {
              i = k;
              return false;
            }
          }
          i += 6;
        } else if (next !== undefined && ESCAPES.has(next)) i += 2;
        else {
          i += 1;
          return false;
        }
      } else i += 1;
    }
    return false;
  };

  for (;;) {
    while (i < n && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i += 1;
    if (i >= n) return closers.length === 0 && state === AFTER ? -1 : n;
    const ch = text[i]!;
    if (state === VALUE) {
      if (ch === "{" || ch === "[") {
        closers.push(ch === "{" ? "}" : "]");
        i += 1;
        state = ch === "{" ? KEY : VALUE;
        first = true;
        continue;
      }
      if (ch === "]" && first && closers.at(-1) === "]") {
        closers.pop();
        i += 1;
        state = AFTER;
        first = false;
        continue;
      }
      first = false;
      if (ch === '"') {
        if (!string()) return i;
      } else if (text.startsWith("true", i)) i += 4;
      else if (text.startsWith("false", i)) i += 5;
      else if (text.startsWith("null", i)) i += 4;
      else {
        NUMBER.lastIndex = i;
        // a lone minus: V8 points after it
        if (!NUMBER.test(text)) return ch === "-" ? i + 1 : i;
        i = NUMBER.lastIndex;
      }
      state = AFTER;
    } else if (state === KEY) {
      if (ch === "}" && first) {
        closers.pop();
        i += 1;
        state = AFTER;
      } else if (ch === '"') {
        if (!string()) return i;
        state = COLON;
      } else return i;
      first = false;
    } else if (state === COLON) {
      if (ch !== ":") return i;
      i += 1;
      state = VALUE;
    } else {
      const closer = closers.at(-1);
      if (closer === undefined) return i;
      if (ch === ",") {
        i += 1;
        state = closer === "}" ? KEY : VALUE;
      } else if (ch === closer) {
        closers.pop();
        i += 1;
      } else return i;
    }
  }
}
