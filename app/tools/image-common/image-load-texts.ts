// The text for an image that cannot be loaded ('Failed to Load Image'), shared by the pages and the workers.
export const IMAGE_NOT_LOADED = "The selected file could not be loaded";
