/** Serials typed one a line or separated by commas, blanks dropped. */
export function splitSerials(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((serial) => serial.trim())
    .filter((serial) => serial !== '');
}
