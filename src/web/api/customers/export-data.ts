/**
 * GET /api/customers/:id/export: everything held about the customer as a .zip (issue 21). The
 * browser downloads it through a plain link, so the session cookie goes with it and the server
 * names the file.
 */
export function exportCustomerDataUrl(id: string): string {
  return `/api/customers/${encodeURIComponent(id)}/export`;
}
