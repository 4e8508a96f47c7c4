// The spec's text for an image that cannot be loaded (tool-catalogue.md §8), shared by the pages and the workers.
export const IMAGE_NOT_LOADED = "The selected file could not be loaded";
