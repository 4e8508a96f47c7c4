// The PDF writer's fonts in the browser worker: Vite copies each file into the build as a hashed
// asset of our origin (`?url`), and the worker fetches the main family the first time it writes a
// PDF, and a fallback face only for a document whose text needs it (pdf-script-fonts.ts). Keep the
// paths in step with PDF_FONT_FILES and FALLBACK_FAMILIES (pdf-fonts.test.ts checks it).
import boldItalicUrl from "pdfmake/fonts/Roboto/Roboto-MediumItalic.ttf?url";
import boldUrl from "pdfmake/fonts/Roboto/Roboto-Medium.ttf?url";
import italicUrl from "pdfmake/fonts/Roboto/Roboto-Italic.ttf?url";
import regularUrl from "pdfmake/fonts/Roboto/Roboto-Regular.ttf?url";
import notoSansRegularUrl from "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf?url";
import notoSansBoldUrl from "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf?url";
import notoSansItalicUrl from "@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf?url";
import notoSansBoldItalicUrl from "@expo-google-fonts/noto-sans/700Bold_Italic/NotoSans_700Bold_Italic.ttf?url";
import notoSansMathRegularUrl from "@expo-google-fonts/noto-sans-math/400Regular/NotoSansMath_400Regular.ttf?url";
import notoSansSymbols2RegularUrl from "@expo-google-fonts/noto-sans-symbols-2/400Regular/NotoSansSymbols2_400Regular.ttf?url";
import notoEmojiRegularUrl from "@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf?url";
import notoSansArabicRegularUrl from "@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf?url";
import notoSansArabicBoldUrl from "@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf?url";
import notoSansHebrewRegularUrl from "@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf?url";
import notoSansHebrewBoldUrl from "@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf?url";
import notoSansDevanagariRegularUrl from "@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf?url";
import notoSansDevanagariBoldUrl from "@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf?url";
import notoSansBengaliRegularUrl from "@expo-google-fonts/noto-sans-bengali/400Regular/NotoSansBengali_400Regular.ttf?url";
import notoSansBengaliBoldUrl from "@expo-google-fonts/noto-sans-bengali/700Bold/NotoSansBengali_700Bold.ttf?url";
import notoSansTamilRegularUrl from "@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf?url";
import notoSansTamilBoldUrl from "@expo-google-fonts/noto-sans-tamil/700Bold/NotoSansTamil_700Bold.ttf?url";
import notoSansGujaratiRegularUrl from "@expo-google-fonts/noto-sans-gujarati/400Regular/NotoSansGujarati_400Regular.ttf?url";
import notoSansGujaratiBoldUrl from "@expo-google-fonts/noto-sans-gujarati/700Bold/NotoSansGujarati_700Bold.ttf?url";
import notoSansGurmukhiRegularUrl from "@expo-google-fonts/noto-sans-gurmukhi/400Regular/NotoSansGurmukhi_400Regular.ttf?url";
import notoSansGurmukhiBoldUrl from "@expo-google-fonts/noto-sans-gurmukhi/700Bold/NotoSansGurmukhi_700Bold.ttf?url";
import notoSansTeluguRegularUrl from "@expo-google-fonts/noto-sans-telugu/400Regular/NotoSansTelugu_400Regular.ttf?url";
import notoSansTeluguBoldUrl from "@expo-google-fonts/noto-sans-telugu/700Bold/NotoSansTelugu_700Bold.ttf?url";
import notoSansKannadaRegularUrl from "@expo-google-fonts/noto-sans-kannada/400Regular/NotoSansKannada_400Regular.ttf?url";
import notoSansKannadaBoldUrl from "@expo-google-fonts/noto-sans-kannada/700Bold/NotoSansKannada_700Bold.ttf?url";
import notoSansMalayalamRegularUrl from "@expo-google-fonts/noto-sans-malayalam/400Regular/NotoSansMalayalam_400Regular.ttf?url";
import notoSansMalayalamBoldUrl from "@expo-google-fonts/noto-sans-malayalam/700Bold/NotoSansMalayalam_700Bold.ttf?url";
import notoSansThaiRegularUrl from "@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf?url";
import notoSansThaiBoldUrl from "@expo-google-fonts/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf?url";
import notoSansGeorgianRegularUrl from "@expo-google-fonts/noto-sans-georgian/400Regular/NotoSansGeorgian_400Regular.ttf?url";
import notoSansGeorgianBoldUrl from "@expo-google-fonts/noto-sans-georgian/700Bold/NotoSansGeorgian_700Bold.ttf?url";
import notoSansArmenianRegularUrl from "@expo-google-fonts/noto-sans-armenian/400Regular/NotoSansArmenian_400Regular.ttf?url";
import notoSansArmenianBoldUrl from "@expo-google-fonts/noto-sans-armenian/700Bold/NotoSansArmenian_700Bold.ttf?url";
import notoSansEthiopicRegularUrl from "@expo-google-fonts/noto-sans-ethiopic/400Regular/NotoSansEthiopic_400Regular.ttf?url";
import notoSansEthiopicBoldUrl from "@expo-google-fonts/noto-sans-ethiopic/700Bold/NotoSansEthiopic_700Bold.ttf?url";
import notoSansSinhalaRegularUrl from "@expo-google-fonts/noto-sans-sinhala/400Regular/NotoSansSinhala_400Regular.ttf?url";
import notoSansSinhalaBoldUrl from "@expo-google-fonts/noto-sans-sinhala/700Bold/NotoSansSinhala_700Bold.ttf?url";
import notoSansKhmerRegularUrl from "@expo-google-fonts/noto-sans-khmer/400Regular/NotoSansKhmer_400Regular.ttf?url";
import notoSansKhmerBoldUrl from "@expo-google-fonts/noto-sans-khmer/700Bold/NotoSansKhmer_700Bold.ttf?url";
import notoSansLaoRegularUrl from "@expo-google-fonts/noto-sans-lao/400Regular/NotoSansLao_400Regular.ttf?url";
import notoSansLaoBoldUrl from "@expo-google-fonts/noto-sans-lao/700Bold/NotoSansLao_700Bold.ttf?url";
import notoSansMyanmarRegularUrl from "@expo-google-fonts/noto-sans-myanmar/400Regular/NotoSansMyanmar_400Regular.ttf?url";
import notoSansMyanmarBoldUrl from "@expo-google-fonts/noto-sans-myanmar/700Bold/NotoSansMyanmar_700Bold.ttf?url";
import notoSansOriyaRegularUrl from "@expo-google-fonts/noto-sans-oriya/400Regular/NotoSansOriya_400Regular.ttf?url";
import notoSansOriyaBoldUrl from "@expo-google-fonts/noto-sans-oriya/700Bold/NotoSansOriya_700Bold.ttf?url";
import notoSansThaanaRegularUrl from "@expo-google-fonts/noto-sans-thaana/400Regular/NotoSansThaana_400Regular.ttf?url";
import notoSansThaanaBoldUrl from "@expo-google-fonts/noto-sans-thaana/700Bold/NotoSansThaana_700Bold.ttf?url";
import notoSansSyriacRegularUrl from "@expo-google-fonts/noto-sans-syriac/400Regular/NotoSansSyriac_400Regular.ttf?url";
import notoSansSyriacBoldUrl from "@expo-google-fonts/noto-sans-syriac/700Bold/NotoSansSyriac_700Bold.ttf?url";
import notoSansScRegularUrl from "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf?url";
import notoSansJpRegularUrl from "@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf?url";
import notoSansKrRegularUrl from "@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf?url";
import { fetchPdfFallbackFonts, fetchPdfFonts, type PdfFontFace, type PdfFonts } from "./pdf-fonts.ts";
import { fallbackFontPath, type FallbackFontFile } from "./pdf-script-fonts.ts";

export const PDF_FONT_URLS: Readonly<Record<PdfFontFace, string>> = { regular: regularUrl, bold: boldUrl, italic: italicUrl, boldItalic: boldItalicUrl };

/** Each fallback face there is, by file key. */
export const PDF_FALLBACK_FONT_URLS: Readonly<Partial<Record<FallbackFontFile, string>>> = {
  "noto-sans/regular": notoSansRegularUrl,
  "noto-sans/bold": notoSansBoldUrl,
  "noto-sans/italic": notoSansItalicUrl,
  "noto-sans/boldItalic": notoSansBoldItalicUrl,
  "noto-sans-math/regular": notoSansMathRegularUrl,
  "noto-sans-symbols-2/regular": notoSansSymbols2RegularUrl,
  "noto-emoji/regular": notoEmojiRegularUrl,
  "noto-sans-arabic/regular": notoSansArabicRegularUrl,
  "noto-sans-arabic/bold": notoSansArabicBoldUrl,
  "noto-sans-hebrew/regular": notoSansHebrewRegularUrl,
  "noto-sans-hebrew/bold": notoSansHebrewBoldUrl,
  "noto-sans-devanagari/regular": notoSansDevanagariRegularUrl,
  "noto-sans-devanagari/bold": notoSansDevanagariBoldUrl,
  "noto-sans-bengali/regular": notoSansBengaliRegularUrl,
  "noto-sans-bengali/bold": notoSansBengaliBoldUrl,
  "noto-sans-tamil/regular": notoSansTamilRegularUrl,
  "noto-sans-tamil/bold": notoSansTamilBoldUrl,
  "noto-sans-gujarati/regular": notoSansGujaratiRegularUrl,
  "noto-sans-gujarati/bold": notoSansGujaratiBoldUrl,
  "noto-sans-gurmukhi/regular": notoSansGurmukhiRegularUrl,
  "noto-sans-gurmukhi/bold": notoSansGurmukhiBoldUrl,
  "noto-sans-telugu/regular": notoSansTeluguRegularUrl,
  "noto-sans-telugu/bold": notoSansTeluguBoldUrl,
  "noto-sans-kannada/regular": notoSansKannadaRegularUrl,
  "noto-sans-kannada/bold": notoSansKannadaBoldUrl,
  "noto-sans-malayalam/regular": notoSansMalayalamRegularUrl,
  "noto-sans-malayalam/bold": notoSansMalayalamBoldUrl,
  "noto-sans-thai/regular": notoSansThaiRegularUrl,
  "noto-sans-thai/bold": notoSansThaiBoldUrl,
  "noto-sans-georgian/regular": notoSansGeorgianRegularUrl,
  "noto-sans-georgian/bold": notoSansGeorgianBoldUrl,
  "noto-sans-armenian/regular": notoSansArmenianRegularUrl,
  "noto-sans-armenian/bold": notoSansArmenianBoldUrl,
  "noto-sans-ethiopic/regular": notoSansEthiopicRegularUrl,
  "noto-sans-ethiopic/bold": notoSansEthiopicBoldUrl,
  "noto-sans-sinhala/regular": notoSansSinhalaRegularUrl,
  "noto-sans-sinhala/bold": notoSansSinhalaBoldUrl,
  "noto-sans-khmer/regular": notoSansKhmerRegularUrl,
  "noto-sans-khmer/bold": notoSansKhmerBoldUrl,
  "noto-sans-lao/regular": notoSansLaoRegularUrl,
  "noto-sans-lao/bold": notoSansLaoBoldUrl,
  "noto-sans-myanmar/regular": notoSansMyanmarRegularUrl,
  "noto-sans-myanmar/bold": notoSansMyanmarBoldUrl,
  "noto-sans-oriya/regular": notoSansOriyaRegularUrl,
  "noto-sans-oriya/bold": notoSansOriyaBoldUrl,
  "noto-sans-thaana/regular": notoSansThaanaRegularUrl,
  "noto-sans-thaana/bold": notoSansThaanaBoldUrl,
  "noto-sans-syriac/regular": notoSansSyriacRegularUrl,
  "noto-sans-syriac/bold": notoSansSyriacBoldUrl,
  "noto-sans-sc/regular": notoSansScRegularUrl,
  "noto-sans-jp/regular": notoSansJpRegularUrl,
  "noto-sans-kr/regular": notoSansKrRegularUrl,
};

let fonts: Promise<PdfFonts> | undefined;

/** The four faces' bytes, fetched once per worker (a failed fetch is retried on the next call). */
export function browserPdfFonts(): Promise<PdfFonts> {
  fonts ??= fetchPdfFonts(PDF_FONT_URLS).catch((error: unknown) => {
    fonts = undefined;
    throw error;
  });
  return fonts;
}

const fallbacks = new Map<string, Promise<Uint8Array>>();

/** The URL of a fallback face (the nearest face its family has). */
function fallbackUrl(file: FallbackFontFile): string {
  const url = PDF_FALLBACK_FONT_URLS[file] ?? Object.entries(PDF_FALLBACK_FONT_URLS).find(([key]) => fallbackFontPath(key as FallbackFontFile) === fallbackFontPath(file))?.[1];
  if (url === undefined) throw new Error(`The PDF font ${file} is not in the build.`);
  return url;
}

/** Fallback faces' bytes, in the order asked, each fetched once per worker: writePdf's `fallbackFonts`. */
export function browserPdfFallbackFonts(files: readonly FallbackFontFile[]): Promise<Uint8Array[]> {
  return Promise.all(
    files.map((file) => {
      const url = fallbackUrl(file);
      let bytes = fallbacks.get(url);
      if (bytes === undefined) {
        bytes = fetchPdfFallbackFonts([url]).then(([font]) => font!);
        // a failed fetch is tried again by the next document that needs it
        bytes.catch(() => fallbacks.delete(url));
        fallbacks.set(url, bytes);
      }
      return bytes;
    }),
  );
}
