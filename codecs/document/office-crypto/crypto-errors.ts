import { DocumentError } from "../document-error.ts";

// The refusals of a protected Word document, with the PDF path's codes: "password-required" and
// "wrong-password" make the converter page show its password field (and say what went wrong).

export const passwordRequired = (): DocumentError => new DocumentError("This Word document is protected with a password. Enter its password to convert it.", "password-required");

export const wrongPassword = (): DocumentError => new DocumentError("The password is not right for this file. Check it and try again.", "wrong-password");

/** A protection we do not open, named so the visitor knows what they have. */
export const unsupportedProtection = (what: string): DocumentError => new DocumentError(`This Word document is protected with ${what}, which this converter cannot open.`, "unsupported");

/** Broken encryption details: `what` says which, in words. */
export const damagedEncryption = (what: string): DocumentError => new DocumentError(`This protected Word document is damaged: ${what}.`, "damaged");
