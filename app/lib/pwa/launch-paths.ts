// The addresses "Open with" and "Share" use, in a module of their own so the service worker
// (./share-target-sw.ts) gets them without the tool catalogue.

/** Where the operating system sends opened files (the launch page). */
export const OPEN_ACTION = "/open";
/** Where shared files are posted (the service worker answers it: ./share-target-sw.ts). */
export const SHARE_TARGET_ACTION = "/share-target";
/** The form field of the shared files. */
export const SHARE_FILES_FIELD = "files";
