// DATE and TIME fields show the moment the document is opened, in Word and in LibreOffice: the
// result stored in the file is the day it was last saved. A field with a date picture (\@ "d MMMM
// yyyy") is shown for today here too; one without keeps its stored result (its form would be the
// reader's own locale's). Month and day names are English; French and Spanish pictures' j (jour) and
// a (año, année) are read as d and y, as LibreOffice reads them.

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const pad = (n: number): string => String(n).padStart(2, "0");

/** `picture` (Word's date-time picture) written for `now`. */
export function formatDatePicture(picture: string, now: Date): string {
  const localised = /am\/pm/i.test(picture) ? picture : picture.replace(/j/g, "d").replace(/a/g, "y");
  const hours12 = now.getHours() % 12 === 0 ? 12 : now.getHours() % 12;
  const tokens: Record<string, () => string> = {
    yyyy: () => String(now.getFullYear()), yy: () => pad(now.getFullYear() % 100), y: () => pad(now.getFullYear() % 100),
    MMMM: () => MONTHS[now.getMonth()]!, MMM: () => MONTHS[now.getMonth()]!.slice(0, 3), MM: () => pad(now.getMonth() + 1), M: () => String(now.getMonth() + 1),
    dddd: () => DAYS[now.getDay()]!, ddd: () => DAYS[now.getDay()]!.slice(0, 3), dd: () => pad(now.getDate()), d: () => String(now.getDate()),
    HH: () => pad(now.getHours()), H: () => String(now.getHours()), hh: () => pad(hours12), h: () => String(hours12),
    mm: () => pad(now.getMinutes()), m: () => String(now.getMinutes()), ss: () => pad(now.getSeconds()), s: () => String(now.getSeconds()),
    "AM/PM": () => (now.getHours() < 12 ? "AM" : "PM"), "am/pm": () => (now.getHours() < 12 ? "am" : "pm"),
  };
  return localised.replace(/'[^']*'|AM\/PM|am\/pm|y{4}|y{1,2}|Y{4}|Y{1,2}|M{1,4}|d{1,4}|D{1,4}|H{1,2}|h{1,2}|m{1,2}|s{1,2}/g, (token) => {
    if (token.startsWith("'")) return token.slice(1, -1);
    const key = /^[YD]/.test(token) ? token.toLowerCase() : token;
    return (tokens[key] ?? (() => token))();
  });
}

/** What a DATE or TIME field with a date picture shows today, or undefined for other fields (they keep their stored result). */
export function currentDateField(instruction: string, now: Date = new Date()): string | undefined {
  const match = /^\s*(?:DATE|TIME)\b[^\\]*\\@\s*(?:"([^"]*)"|(\S+))/i.exec(instruction);
  if (!match) return undefined;
  const picture = match[1] ?? match[2] ?? "";
  return picture === "" ? undefined : formatDatePicture(picture, now);
}
