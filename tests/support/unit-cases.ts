// Known values of every numeric unit tool, checked both by the conversions' unit test and in the
// browser: slug, an input and its result (first field to second), and the other way round.
export const UNIT_CASES: [slug: string, input: string, result: string, reverseInput: string, reverseResult: string][] = [
  ["cm-to-mm-converter", "12.5", "125.0000", "125", "12.5000"],
  ["mm-to-cm-converter", "125", "12.5000", "12.5", "125.0000"],
  ["cm-to-inches-converter", "10", "3.9370", "1", "2.5400"],
  ["inches-to-cm-converter", "1", "2.5400", "2.54", "1.0000"],
  ["km-to-miles-converter", "10", "6.2137", "6.21371", "10.0000"],
  ["miles-to-km-converter", "26.2", "42.1647", "1.60934", "1.0000"],
  ["pounds-to-kg-converter", "150", "68.0388", "0.453592", "1.0000"],
  ["tons-to-pounds-converter", "1.5", "3000.0000", "2000", "1.0000"],
  ["radians-to-rpm-converter", "1", "9.5493", "95.493", "10.0000"],
  ["kilowatts-to-decibels-converter", "1", "60.0000", "30", "0.0010"],
  ["bhp-to-ton-calculator", "100", "21.2000", "1", "4.7150"],
];

/** Each time-zone tool in the browser: a time typed in, the result it shows and the day it falls on. */
export const TIME_CASES: [slug: string, input: string, result: string, note: string][] = [
  ["est-to-gmt-converter", "23:30", "04:30 GMT", "next day"],
  ["gmt-to-eest-converter", "10:00", "13:00 EEST", "same day"],
  ["gmt-to-est-converter", "02:15", "21:15 EST", "previous day"],
  ["gmt-to-kst-converter", "15:00", "00:00 KST", "next day"],
  ["kst-to-gmt-converter", "08:00", "23:00 GMT", "previous day"],
  ["pdt-to-gmt-converter", "09:45", "16:45 GMT", "same day"],
  ["pdt-to-bst-converter", "18:00", "02:00 BST", "next day"],
];
