/** "EX, TR pl12" → ['EX', 'TR', 'PL12'] (the server normalises and checks each). */
export function splitCoverage(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim().toUpperCase())
    .filter(Boolean);
}
