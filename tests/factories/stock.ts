import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../support/test-app';
import type { AuthHeaders } from '../support/auth';

// What the stock tests share: calls with a check of the status, and a few ready products.

export type Call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers?: AuthHeaders,
) => Promise<LightMyRequestResponse>;

export const caller =
  (app: TestApp, fallback: () => AuthHeaders): Call =>
  (method, url, payload, headers) =>
    app.inject({ method, url, payload, headers: headers ?? fallback() });

let counter = 0;
/** A unique SKU per call, so that tests in one database never collide. */
export const uniqueSku = (prefix: string) => `${prefix}-${process.pid % 1000}${++counter}`;

export async function makeProduct(call: Call, overrides: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/stock/products', {
    sku: uniqueSku('P'),
    name: 'Flat panel dish 60cm',
    category: 'dish',
    trackedBySerial: false,
    unitCostPence: 12_500,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; sku: string };
}

export async function makeWarehouse(call: Call, name = 'Exeter') {
  const res = await call('POST', '/api/stock/locations', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; label: string };
}

export async function receiveStock(
  call: Call,
  locationId: string,
  lines: { productId: string; quantity?: number; serials?: string }[],
) {
  const res = await call('POST', '/api/stock/receive', {
    locationId,
    supplier: 'Satcom Supplies Ltd',
    deliveryNote: 'DN-1001',
    lines,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
