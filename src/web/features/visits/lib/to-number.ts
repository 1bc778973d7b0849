/** A number typed in a field: NaN (refused by the schema) when empty or not a number. */
export function toNumber(value: string): number {
  return value.trim() === '' ? Number.NaN : Number(value.replace(',', '.'));
}
