/** The readable text of an .eml file: quoted-printable soft breaks and escapes undone. */
export function decodeMail(eml: string): string {
  return eml.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
