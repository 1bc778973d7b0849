// The load bench's simulated users, driven by autocannon: one autocannon instance per kind of
// request, its connections being that kind's users, each sending at most `rate` requests a
// second (a user's pace, not a flood). Each request acts as the next person of the kind's pool
// (a signed-in session, an API key, an open portal), round robin. Latency per kind comes from
// autocannon's own per-response timing; acknowledged writes are kept for the "nothing lost" check.
import { createHash, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { photoChecksumHeader } from '../src/shared/visits/visit-record';
import type { Fixtures } from './load-fixtures';

type Req = autocannon.Request & { path: string; headers: Record<string, string> };
type Context = Record<string, unknown>;

export type KindSpec = {
  name: string;
  /** Simulated users (autocannon connections) of this kind. */
  users: number;
  request: (
    n: number,
    context: Context,
  ) => Omit<Req, 'headers'> & { headers?: Record<string, string> };
  /** Called with each 2xx answer; returns a write to find afterwards, if the request made one. */
  acknowledged?: (context: Context) => Write | undefined;
};

export type Write = { kind: 'partner-order'; ref: string } | { kind: 'photo'; id: string };

export type KindResult = {
  name: string;
  samples: number[];
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
};

/** A photo as the engineer app sends it: a JPEG resized on the phone (here 1600 x 1200). */
export async function makePhoto() {
  const bytes = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .blur(3)
    .jpeg({ quality: 80 })
    .toBuffer();
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** Most photos a bench engineer puts on one visit before moving to the next (the limit is 60). */
const photosPerVisit = 50;

export function kinds(
  base: string,
  f: Fixtures,
  photo: { bytes: Buffer; sha256: string },
  mix: Record<string, number>,
): KindSpec[] {
  const json = { accept: 'application/json' };
  const person = (p: { cookie: string; ip: string }) => ({
    ...json,
    cookie: p.cookie,
    'x-forwarded-for': p.ip,
  });
  const statuses = ['received', 'validated', 'assigned', 'scheduled', 'completed'];
  const photosOf = new Map<string, number>();
  return [
    {
      name: 'office order list',
      users: mix['office-list']!,
      request: (n) => ({
        method: 'GET',
        // Mostly the first pages; now and then a status filter or a later page.
        path:
          n % 4 === 0
            ? `/api/orders?status=${statuses[n % statuses.length]}&page=1&pageSize=25`
            : `/api/orders?page=${1 + (n % 5)}&pageSize=25`,
        headers: person(f.office[n % f.office.length]!),
      }),
    },
    {
      name: 'office order detail',
      users: mix['office-detail']!,
      request: (n) => ({
        method: 'GET',
        path: `/api/orders/${f.orderIds[(n * 7919) % f.orderIds.length]}`,
        headers: person(f.office[n % f.office.length]!),
      }),
    },
    {
      name: 'contractor dispatch board',
      users: mix['dispatch-board']!,
      request: (n) => ({
        method: 'GET',
        path: '/api/dispatch/board',
        headers: person(f.contractor[n % f.contractor.length]!),
      }),
    },
    {
      name: 'engineer sync',
      users: mix['engineer-sync']!,
      request: (n) => ({
        method: 'GET',
        path: '/api/engineer/visits?days=7',
        headers: person(f.engineers[n % f.engineers.length]!),
      }),
    },
    {
      name: 'engineer photo upload',
      users: mix['engineer-photo']!,
      request: (n, context) => {
        const engineer = f.engineers[n % f.engineers.length]!;
        const sent = photosOf.get(engineer.cookie) ?? 0;
        photosOf.set(engineer.cookie, sent + 1);
        const visitId = engineer.visitIds[Math.floor(sent / photosPerVisit)];
        if (!visitId)
          throw new Error('a bench engineer ran out of visits: raise visitsPerEngineer');
        const id = randomUUID();
        context.photoId = id;
        const query = new URLSearchParams({
          category: 'site_before',
          takenAt: new Date().toISOString(),
          originalBytes: String(photo.bytes.length * 8),
        });
        return {
          method: 'PUT',
          path: `/api/visits/${visitId}/photos/${id}?${query}`,
          headers: {
            ...person(engineer),
            origin: base,
            'content-type': 'image/jpeg',
            [photoChecksumHeader.toLowerCase()]: photo.sha256,
            'idempotency-key': randomUUID(),
          },
          body: photo.bytes,
        };
      },
      acknowledged: (context) => ({ kind: 'photo', id: String(context.photoId) }),
    },
    {
      name: 'partner order intake',
      users: mix['partner-order']!,
      request: (n, context) => {
        const partner = f.partners[n % f.partners.length]!;
        const ref = `LOAD-${randomUUID()}`;
        context.ref = ref;
        return {
          method: 'POST',
          path: '/api/v1/orders',
          headers: {
            ...json,
            authorization: `Bearer ${partner.key}`,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
            'x-forwarded-for': `10.15.0.${(n % f.partners.length) + 1}`,
          },
          body: JSON.stringify({
            partnerReference: ref,
            jobType: f.jobTypeCode,
            customer: {
              firstName: 'Load',
              lastName: `Customer ${n}`,
              email: `load-${n}@example.com`,
              phone: '07700 900123',
              address: { line1: '1 Fore Street', town: 'Truro', postcode: 'TR1 2AA' },
            },
          }),
        };
      },
      acknowledged: (context) => ({ kind: 'partner-order', ref: String(context.ref) }),
    },
    {
      name: 'customer portal',
      users: mix['customer-portal']!,
      request: (n) => {
        const customer = f.customers[n % f.customers.length]!;
        return {
          method: 'GET',
          path: `/api/public/portal/${customer.orderNumber}`,
          headers: person(customer),
        };
      },
    },
  ];
}

/** Runs every kind at once for `seconds`; resolves with each kind's figures. */
export async function drive(
  base: string,
  specs: KindSpec[],
  seconds: number,
  rate: number,
  writes: Write[],
): Promise<KindResult[]> {
  const runs = specs.map((spec) => {
    const result: KindResult = {
      name: spec.name,
      samples: [],
      statuses: {},
      errors: 0,
      timeouts: 0,
    };
    let n = 0;
    const request: Req = {
      method: 'GET',
      path: '/',
      headers: {},
      setupRequest: (_req: unknown, context: Context) => {
        const built = spec.request(n++, context);
        return { ...built, headers: { ...built.headers } } as Req;
      },
      onResponse: (status: number, _body: string, context: Context) => {
        if (status >= 200 && status < 300) {
          const write = spec.acknowledged?.(context);
          if (write) writes.push(write);
        }
      },
    } as unknown as Req;
    return new Promise<KindResult>((resolve, reject) => {
      const instance = autocannon(
        {
          url: base,
          connections: spec.users,
          connectionRate: rate,
          duration: seconds,
          timeout: 30,
          requests: [request],
        },
        (error, summary) => {
          if (error) return reject(error);
          // Connection errors and timeouts (autocannon counts a timeout as an error too).
          result.errors = summary.errors;
          result.timeouts = summary.timeouts;
          resolve(result);
        },
      );
      instance.on('response', (_client, status, _bytes, responseTime) => {
        result.samples.push(responseTime);
        result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      });
    });
  });
  return Promise.all(runs);
}

/** Answers outside 2xx, connection errors and timeouts of one kind. */
export function failuresOf(result: KindResult) {
  const non2xx = Object.entries(result.statuses)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  return non2xx + result.errors;
}
