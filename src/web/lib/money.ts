const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** 12345 → £123.45 */
export function formatPence(pence: number | null | undefined): string {
  return pence === null || pence === undefined ? '—' : gbp.format(pence / 100);
}

/** '123.45' → 12345; null when it is not an amount. */
export function poundsToPence(value: string): number | null {
  const trimmed = value.trim().replace(/^£/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

export function penceToPounds(pence: number): string {
  return (pence / 100).toFixed(2);
}
