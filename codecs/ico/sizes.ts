/** The icon sizes the JPG/PNG to ICO tool offers, and the ones ticked at first. */
export const ICO_SIZES: readonly number[] = [16, 24, 32, 48, 64, 128, 256];
export const ICO_DEFAULT_SIZES: readonly number[] = [16, 32, 48];
