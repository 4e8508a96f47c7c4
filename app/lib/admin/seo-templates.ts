// SEO copy for tools whose "About This Tool" content is empty ('Fill Missing SEO Content' on
// /admin/tools). Pure and browser-safe: the admin action calls it, the tests check it.
//
// Decisions:
// - The template is chosen by category first, then by the tool's name (spec: "chosen by category or
//   name"). Categories: Image, Audio, Video, Document, Unit and Time have their own template; Ebook
//   uses the Document one (e-books are document files handled the same way: opened and written in
//   the browser); Text uses the generic one (text tools work on typed text, not files, and the
//   generic wording "whatever you enter or open" fits them). A category outside the catalogue falls
//   back to keywords in the name (formats such as PNG, MP3, MP4, PDF, units, time-zone
//   abbreviations), checked in the order Image, Audio, Video, Document, Unit, Time; no match gives
//   the generic template.
// - The copy is honest: files are processed in the browser and never uploaded; calculators say
//   that nothing typed is sent anywhere. No size promises beyond "your device's memory".
// - The tool's name and description are woven in as text, HTML-escaped (&, <, >). The output uses
//   only h2, h3, p, ol, ul and li, so sanitizeHtml leaves it unchanged.

export type SeoTemplateKind = "image" | "audio" | "video" | "document" | "unit" | "time" | "generic";

export interface SeoToolInput {
  name: string;
  description?: string | null;
  category?: string | null;
}

const CATEGORY_TEMPLATES: Record<string, SeoTemplateKind> = {
  image: "image",
  audio: "audio",
  video: "video",
  document: "document",
  ebook: "document",
  unit: "unit",
  time: "time",
  text: "generic",
};

const NAME_PATTERNS: [SeoTemplateKind, RegExp][] = [
  ["image", /\b(?:png|jpe?g|jfif|gif|webp|avif|svg|ico|bmp|tiff?|dds|psd|psb|heic|heif|image|images|photo|picture|icon)\b/i],
  ["audio", /\b(?:mp3|wav|ogg|oga|opus|m4a|flac|aac|aiff?|midi?|wma|audio|sound|music)\b/i],
  ["video", /\b(?:mp4|m4v|avi|mpe?g|mov|mkv|webm|flv|wmv|3gp|video|movie)\b/i],
  ["document", /\b(?:pdf|docx?|odt|rtf|xml|csv|xlsx?|epub|mobi|azw3?|fb2|ebook|e-book|document|book)\b/i],
  [
    "unit",
    /\b(?:cm|mm|km|m|inch|inches|feet|foot|ft|yards?|miles?|meters?|metres?|kg|grams?|pounds?|lbs?|ounces?|oz|tons?|tonnes?|rpm|radians?|watts?|kilowatts?|kw|dbm|decibels?|bhp|horsepower|celsius|fahrenheit|kelvin|litres?|liters?|gallons?|units?|calculator)\b/i,
  ],
  ["time", /\b(?:time|timezone|clock|utc|gmt|est|edt|cst|cdt|mst|mdt|pst|pdt|bst|cet|cest|eet|eest|ist|jst|kst|aest)\b/i],
];

/** Which template a tool gets: by category, else by keywords in its name, else the generic one. */
export function pickSeoTemplate(tool: Pick<SeoToolInput, "name" | "category">): SeoTemplateKind {
  const byCategory = CATEGORY_TEMPLATES[(tool.category ?? "").trim().toLowerCase()];
  if (byCategory) return byCategory;
  for (const [kind, pattern] of NAME_PATTERNS) if (pattern.test(tool.name)) return kind;
  return "generic";
}

/** Text for HTML: &, < and > escaped (quotes need no escaping outside attributes). */
export function escapeHtmlText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * True when rich text has nothing to show: empty, whitespace, or only empty tags such as
 * `<p></p>`, `<p><br></p>` or `&nbsp;`. An image counts as content.
 */
export function isBlankHtml(html: string | null | undefined): boolean {
  if (!html) return true;
  if (/<img\b/i.test(html)) return false;
  const text = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;|&#160;|&#xa0;|\u00a0/gi, " ");
  return text.trim() === "";
}

interface TemplateCopy {
  intro: (the: string) => string;
  steps: string[];
  notes: string[];
  closing: (the: string) => string;
}

const TEMPLATES: Record<SeoTemplateKind, TemplateCopy> = {
  image: {
    intro: (the) =>
      `${cap(the)} works on image files directly in your web browser. The picture is read from your device, decoded and converted on your own computer or phone, and the result is offered back as a download. Your images are never uploaded to a server, so private photos, screenshots and artwork stay with you. There is no account to create, no watermark and no queue to wait in.`,
    steps: [
      "Choose an image with the file picker or drop it onto the page.",
      "Check the preview and pick any options the tool offers.",
      "Press Convert and wait a moment while your browser does the work.",
      "Download the converted image; your original file stays as it was.",
    ],
    notes: [
      "Press “Make available offline” on the tool's page and it keeps working without a connection.",
      "The only limit on file size is the memory of your device; a file that is too large gets a clear message instead of a frozen tab.",
      "Lossless formats such as PNG keep every pixel, while lossy formats trade some detail for a smaller file.",
    ],
    closing: (the) => `Because everything happens in the browser, ${the} is fast, private and free to use as often as you like.`,
  },
  audio: {
    intro: (the) =>
      `${cap(the)} converts audio files on your own device. Your browser reads the recording, decodes it and encodes the new format locally, with an audio engine served by this site. Nothing is uploaded, so voice memos, podcasts and music never leave your computer or phone. There is no sign-up and no limit on how many files you convert.`,
    steps: [
      "Choose an audio file with the file picker or drop it onto the page.",
      "Pick the output format and quality settings if the tool offers them.",
      "Press Convert and follow the progress bar while the audio is processed.",
      "Listen to the result and download it.",
    ],
    notes: [
      "Higher bitrates sound better but make larger files.",
      "Converting from one lossy format such as MP3 to another cannot bring back detail that was already removed, so keep your original.",
      "Long recordings take longer to process on slower devices; keep the tab open until the download is ready.",
    ],
    closing: (the) => `Because the audio never leaves your device, ${the} is a private way to convert recordings, and it is free to use.`,
  },
  video: {
    intro: (the) =>
      `${cap(the)} processes video files right in your browser. A video engine served by this site decodes and re-encodes the file on your own device, so your clips are never uploaded to a server and stay private. There is no account to create and no watermark on the result.`,
    steps: [
      "Choose a video file with the file picker or drop it onto the page.",
      "Pick the output format and any options the tool offers.",
      "Press Convert and follow the real progress as the video is processed.",
      "Download the converted file when it is ready.",
    ],
    notes: [
      "Video conversion is demanding work: keep the tab open, and plug in a laptop for long files.",
      "The output is an ordinary video file that plays in common media players.",
      "The memory of your device is the only size limit; a file that is too large gets a clear message instead of a crash.",
    ],
    closing: (the) => `Because everything runs on your device, ${the} keeps your videos private, and it is free to use as often as you like.`,
  },
  document: {
    intro: (the) =>
      `${cap(the)} handles documents and e-books inside your browser. The file is opened, read and written again on your own device, so contracts, reports, books and notes are never uploaded to a server. No account is needed, and the converted file is ready to download as soon as the work is done.`,
    steps: [
      "Choose the file with the file picker or drop it onto the page.",
      "Review the options, such as the output format, if the tool offers any.",
      "Press Convert and wait while your browser processes the file.",
      "Download the result and open it in your usual reader or editor.",
    ],
    notes: [
      "Text, headings and images are carried over wherever the target format supports them.",
      "Damaged or password-protected files get a clear error message instead of a broken result.",
      "Keep the original file in case you want to convert it again with other settings.",
    ],
    closing: (the) => `Because your documents never leave your device, ${the} is a safe choice for private files, and it is free to use.`,
  },
  unit: {
    intro: (the) =>
      `${cap(the)} is a quick calculator for converting between units of measurement. Type a value and the result appears at once, worked out in your browser with exact conversion factors. Nothing you enter is sent to a server, and the converter keeps working even when your connection drops.`,
    steps: [
      "Enter the value you want to convert.",
      "Check that the units shown are the ones you need, or swap the direction if the tool offers it.",
      "Read the result, which updates as you type.",
      "Copy the answer into your document, spreadsheet or project.",
    ],
    notes: [
      "Use a decimal point for fractions of a unit.",
      "Round only at the end of a longer calculation so that small errors do not add up.",
      "Bookmark the page so the converter is one click away next time.",
    ],
    closing: (the) => `Whether it is for homework, a recipe, a workshop or an engineering sheet, ${the} gives a reliable answer in seconds, free of charge.`,
  },
  time: {
    intro: (the) =>
      `${cap(the)} converts a time from one time zone to another in your browser. Enter a time and see the matching time in the other zone at once, worked out on your own device without sending anything to a server. It is handy for planning meetings, calls, live streams and travel across regions.`,
    steps: [
      "Enter the time you want to convert.",
      "Check the source and target time zones.",
      "Read the converted time, including whether it falls on the previous or the next day.",
      "Share the result with the people you are meeting.",
    ],
    notes: [
      "Daylight saving time moves some zones by an hour for part of the year, so check the date of your meeting.",
      "Writing both times in an invitation avoids confusion.",
      "Bookmark the page for meetings that come back every week.",
    ],
    closing: (the) => `${cap(the)} is free, needs no sign-up and works on computers, tablets and phones alike.`,
  },
  generic: {
    intro: (the) =>
      `${cap(the)} runs entirely in your web browser. Whatever you type or open is processed on your own device and is never uploaded to a server, so your data stays private. There is nothing to install and no account to create, and the tool keeps working offline after you have opened it once.`,
    steps: [
      "Open the tool on this page.",
      "Type or paste your text, or choose your file.",
      "Use the buttons and options to get the result you need.",
      "Copy or download the result.",
    ],
    notes: [
      "The tool is free to use as often as you like.",
      "It works on desktop computers, tablets and phones.",
      "Nothing you enter is stored or shared: close the tab and it is gone.",
    ],
    closing: (the) => `Simple, fast and private: ${the} does one job well, right where you are.`,
  },
};

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "the Word Counter", but "The Best Tool" stays as it is. */
function withArticle(name: string): string {
  return /^the\s/i.test(name) ? name : `the ${name}`;
}

function sentence(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, " ");
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The HTML the 'Fill Missing SEO Content' action stores as a tool's content. */
export function buildSeoContent(tool: SeoToolInput): string {
  const kind = pickSeoTemplate(tool);
  const copy = TEMPLATES[kind];
  const name = escapeHtmlText(tool.name.trim().replace(/\s+/g, " ") || "tool");
  const the = withArticle(name);
  const description = tool.description?.trim() ? escapeHtmlText(sentence(tool.description)) : "";
  const lines = [
    `<h2>About ${the}</h2>`,
    ...(description ? [`<p>${description}</p>`] : []),
    `<p>${copy.intro(the)}</p>`,
    `<h3>How to use ${the}</h3>`,
    "<ol>",
    ...copy.steps.map((step) => `<li>${step}</li>`),
    "</ol>",
    "<h3>Good to know</h3>",
    "<ul>",
    ...copy.notes.map((note) => `<li>${note}</li>`),
    "</ul>",
    `<p>${copy.closing(the)}</p>`,
  ];
  return lines.join("\n");
}

/** Search engines show about this many characters of a meta description. */
export const META_DESCRIPTION_MAX = 160;

/** A meta description for a tool without one: its description (cut at a word), else a sentence from its name. */
export function buildMetaDescription(tool: SeoToolInput): string {
  const name = tool.name.trim().replace(/\s+/g, " ") || "tool";
  const own = tool.description?.trim().replace(/\s+/g, " ") ?? "";
  const text = own ? sentence(own) : `Free online ${name}: it runs in your browser, and nothing you open or type is uploaded.`;
  if (text.length <= META_DESCRIPTION_MAX) return text;
  const cut = text.slice(0, META_DESCRIPTION_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 40 ? cut.lastIndexOf(" ") : cut.length).replace(/[\s,.;:]+$/, "")}…`;
}

/** Meta keywords for a tool without any: its name, "free" and "online" forms, and its category. */
export function buildMetaKeywords(tool: SeoToolInput): string {
  const name = tool.name.trim().replace(/\s+/g, " ").toLowerCase() || "tool";
  const category = tool.category?.trim().toLowerCase();
  const words = [name, `${name} online`, `free ${name}`, ...(category ? [`${category} converter`, `online ${category} tools`] : [])];
  return [...new Set(words)].join(", ");
}

/** The SEO fields of a tool that 'Fill Missing SEO Content' fills when blank. */
export const FILLED_SEO_FIELDS = ["content", "meta_description", "meta_keywords"] as const;
export type FilledSeoField = (typeof FILLED_SEO_FIELDS)[number];

/** What to store in each of a tool's blank SEO fields (empty when none is blank). */
export function missingSeoValues(tool: SeoToolInput & Record<FilledSeoField, string | null>): Partial<Record<FilledSeoField, string>> {
  const values: Partial<Record<FilledSeoField, string>> = {};
  if (isBlankHtml(tool.content)) values.content = buildSeoContent(tool);
  if (!tool.meta_description?.trim()) values.meta_description = buildMetaDescription(tool);
  if (!tool.meta_keywords?.trim()) values.meta_keywords = buildMetaKeywords(tool);
  return values;
}
