// The document's styles: body text in Calibri 11 pt (Word's own default since 2007; LibreOffice
// substitutes its metric twin Carlito where installed), and Heading 1–6 with Word's outline levels,
// without which LibreOffice (and Word's navigation pane) treat them as plain paragraphs in a big font.
import type { IStylesOptions } from "docx";

/** Heading sizes in half-points, largest first (Word's own defaults, roughly). */
const HEADING_SIZES = [32, 26, 24, 22, 22, 22] as const;

function heading(level: number): NonNullable<IStylesOptions["default"]>["heading1"] {
  return {
    run: { bold: true, size: HEADING_SIZES[level]!, color: "1F3864" },
    paragraph: { outlineLevel: level, keepNext: true, spacing: { before: level === 0 ? 360 : 240, after: 120 } },
  };
}

export function documentStyles(language: string | undefined): IStylesOptions {
  return {
    default: {
      document: {
        // the text's language, for Word's spelling and hyphenation
        run: { font: "Calibri", size: 22, language: language !== undefined ? { value: language } : undefined },
        paragraph: { spacing: { after: 120 } },
      },
      heading1: heading(0),
      heading2: heading(1),
      heading3: heading(2),
      heading4: heading(3),
      heading5: heading(4),
      heading6: heading(5),
    },
  };
}
