// Word's own list numbering (w:numbering) for the model's lists: one definition for bullets and one
// for numbers, nine levels each, so Word and LibreOffice see real lists (not typed "•" characters)
// and renumber them when edited.
import { AlignmentType, LevelFormat, type ILevelsOptions, type INumberingOptions } from "docx";
import { BULLETS, NUMBER_STYLES } from "./list-markers.ts";

export const BULLET_LIST = "model-bullets";
export const NUMBERED_LIST = "model-numbers";

/** Word's deepest list level is 8 (nine levels); deeper lists are shown at level 8. */
export const MAX_LIST_LEVEL = 8;

/** Indentation of a list level's text, in twips (a quarter inch a level, as Word's defaults). */
export function listIndentTwips(level: number): number {
  return 720 + 360 * level;
}

const HANGING_TWIPS = 360;
const NUMBER_FORMATS = { decimal: LevelFormat.DECIMAL, lowerLetter: LevelFormat.LOWER_LETTER, lowerRoman: LevelFormat.LOWER_ROMAN } as const;

function indent(level: number): ILevelsOptions["style"] {
  return { paragraph: { indent: { left: listIndentTwips(level), hanging: HANGING_TWIPS } } };
}

function bulletLevel(level: number): ILevelsOptions {
  return { level, format: LevelFormat.BULLET, text: BULLETS[level % BULLETS.length]!, alignment: AlignmentType.LEFT, style: indent(level) };
}

function numberLevel(level: number): ILevelsOptions {
  const format = NUMBER_FORMATS[NUMBER_STYLES[level % NUMBER_STYLES.length]!];
  return { level, format, text: `%${level + 1}.`, alignment: AlignmentType.LEFT, start: 1, style: indent(level) };
}

const LEVELS = Array.from({ length: MAX_LIST_LEVEL + 1 }, (_, level) => level);

export const LIST_NUMBERING: INumberingOptions = {
  config: [
    { reference: BULLET_LIST, levels: LEVELS.map(bulletLevel) },
    { reference: NUMBERED_LIST, levels: LEVELS.map(numberLevel) },
  ],
};
