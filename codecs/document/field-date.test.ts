import { describe, expect, it } from "vitest";
import { currentDateField, formatDatePicture } from "./field-date.ts";

const NOW = new Date(2026, 10, 27, 15, 4, 9);

describe("DATE and TIME fields", () => {
  it("writes Word's date pictures, English names, quoted literals and French j/a", () => {
    expect(formatDatePicture("d MMMM yyyy", NOW)).toBe("27 November 2026");
    expect(formatDatePicture("dddd, MMM d, yy", NOW)).toBe("Friday, Nov 27, 26");
    expect(formatDatePicture("jj/MM/aa", NOW)).toBe("27/11/26");
    expect(formatDatePicture("h:mm AM/PM 'o''clock'", NOW)).toBe("3:04 PM oclock");
    expect(formatDatePicture("HH:mm:ss", NOW)).toBe("15:04:09");
  });

  it("shows today only for DATE and TIME fields with a picture", () => {
    expect(currentDateField(' DATE \\@ "dd.MM.yyyy" ', NOW)).toBe("27.11.2026");
    expect(currentDateField(" TIME \\@ HH:mm", NOW)).toBe("15:04");
    expect(currentDateField(" DATE ", NOW)).toBeUndefined();
    expect(currentDateField(' CREATEDATE \\@ "d/M/yy" ', NOW)).toBeUndefined();
  });
});
