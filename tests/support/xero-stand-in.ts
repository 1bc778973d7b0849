// Xero for tests: a real local HTTP server that behaves as Xero's identity and accounting APIs
// do for what Uplink uses (issue 22). Framework-free (no vitest imports) so e2e can start it too.
//   GET  /identity/connect/authorize   consents at once: 302 to redirect_uri with code and state
//   POST /connect/token                authorization_code and refresh_token grants; refresh
//                                      tokens rotate, the previous one stays valid 30 minutes
//   POST /connect/revocation           revokes a refresh token and removes its connections
//   GET  /connections                  the organisations the token may reach
//   /api.xro/2.0/Accounts, /TaxRates, /Contacts, /Invoices, /CreditNotes (xero-tenant-id
//   required; creates honour Idempotency-Key as Xero does: the same key answers the same reply)
// `failNext` makes the next accounting calls answer 429 (Retry-After) or 5xx.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { freePort } from './server-process';

export type XeroRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
};

export type XeroFailure = {
  status: 429 | 500 | 502 | 503;
  /** Seconds, for a 429 (Retry-After). */
  retryAfter?: number;
  /** A 5xx after the document was made (the answer lost on the way): a retry must not duplicate it. */
  afterCreate?: boolean;
  /** Only for this resource (`Invoices`, `Contacts`, …); any accounting call when unset. */
  resource?: string;
};

export type XeroDocument = {
  id: string;
  kind: 'invoice' | 'credit_note';
  Type: string;
  number: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
};

type RefreshToken = {
  token: string;
  /** Replaced by a newer token: still accepted until this time (Xero's 30-minute grace). */
  graceUntil: number | null;
  revoked: boolean;
};

export type XeroStandIn = {
  url: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiBase: string;
  clientId: string;
  clientSecret: string;
  requests: XeroRequest[];
  tenants: { tenantId: string; tenantName: string }[];
  accounts: { AccountID: string; Code: string; Name: string; Type: string; Status: string }[];
  taxRates: { Name: string; TaxType: string; Status: string; EffectiveRate: number }[];
  contacts: { ContactID: string; Name: string }[];
  documents: XeroDocument[];
  /** Grants answered, by type. */
  grants: { authorization_code: number; refresh_token: number };
  revoked: string[];
  /** Every access and refresh token handed out (tests look for them where they must not be). */
  issued: string[];
  /** Seconds an access token lives (Xero: 1800). */
  accessTokenSeconds: number;
  /** The clock the stand-in reads (tests move it to age refresh tokens). */
  now: () => number;
  /** Queued answers for the next accounting calls, first one first. */
  failNext(...failures: XeroFailure[]): void;
  /** Forget every token: the next API call answers 401 and refreshes fail (a revoked app). */
  revokeAll(): void;
  reset(): void;
  close(): Promise<void>;
};

const json = (response: http.ServerResponse, status: number, body: unknown, headers = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

const token = () => randomBytes(24).toString('base64url');

export async function startXeroStandIn(
  options: { clientId?: string; clientSecret?: string } = {},
): Promise<XeroStandIn> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const codes = new Map<string, { redirectUri: string; scope: string }>();
  const refreshTokens = new Map<string, RefreshToken>();
  const accessTokens = new Map<string, number>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let failures: XeroFailure[] = [];
  let invoiceSeq = 0;
  let creditSeq = 0;

  const defaults = () => ({
    tenants: [{ tenantId: randomUUID(), tenantName: 'Uplink Demo Ltd' }],
    accounts: [
      { AccountID: randomUUID(), Code: '200', Name: 'Sales', Type: 'REVENUE', Status: 'ACTIVE' },
      {
        AccountID: randomUUID(),
        Code: '310',
        Name: 'Cost of Goods Sold',
        Type: 'DIRECTCOSTS',
        Status: 'ACTIVE',
      },
      {
        AccountID: randomUUID(),
        Code: '400',
        Name: 'Advertising',
        Type: 'EXPENSE',
        Status: 'ACTIVE',
      },
    ],
    taxRates: [
      { Name: '20% (VAT on Income)', TaxType: 'OUTPUT2', Status: 'ACTIVE', EffectiveRate: 20 },
      { Name: '20% (VAT on Expenses)', TaxType: 'INPUT2', Status: 'ACTIVE', EffectiveRate: 20 },
      { Name: 'No VAT', TaxType: 'NONE', Status: 'ACTIVE', EffectiveRate: 0 },
    ],
  });

  const stand: XeroStandIn = {
    url,
    authorizeUrl: `${url}/identity/connect/authorize`,
    tokenUrl: `${url}/connect/token`,
    apiBase: url,
    clientId: options.clientId ?? 'stand-in-client',
    clientSecret: options.clientSecret ?? 'stand-in-secret',
    requests: [],
    ...defaults(),
    contacts: [],
    documents: [],
    grants: { authorization_code: 0, refresh_token: 0 },
    revoked: [],
    issued: [],
    accessTokenSeconds: 1800,
    now: () => Date.now(),
    failNext(...more) {
      failures.push(...more);
    },
    revokeAll() {
      for (const entry of refreshTokens.values()) entry.revoked = true;
      accessTokens.clear();
    },
    reset() {
      stand.requests.length = 0;
      stand.contacts.length = 0;
      stand.documents.length = 0;
      stand.grants = { authorization_code: 0, refresh_token: 0 };
      stand.revoked.length = 0;
      failures = [];
      idempotent.clear();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function issueTokens(scope: string) {
    const access = token();
    const refresh = token();
    accessTokens.set(access, stand.now() + stand.accessTokenSeconds * 1000);
    refreshTokens.set(refresh, { token: refresh, graceUntil: null, revoked: false });
    stand.issued.push(access, refresh);
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: stand.accessTokenSeconds,
      token_type: 'Bearer',
      scope,
    };
  }

  function clientOk(request: http.IncomingMessage, form: URLSearchParams) {
    const header = String(request.headers.authorization ?? '');
    if (header.startsWith('Basic ')) {
      const [id, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
      return id === stand.clientId && secret === stand.clientSecret;
    }
    return (
      form.get('client_id') === stand.clientId && form.get('client_secret') === stand.clientSecret
    );
  }

  function handleToken(request: http.IncomingMessage, body: string, response: http.ServerResponse) {
    const form = new URLSearchParams(body);
    if (!clientOk(request, form)) return json(response, 400, { error: 'invalid_client' });
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      if (!code || code.redirectUri !== form.get('redirect_uri'))
        return json(response, 400, { error: 'invalid_grant' });
      codes.delete(form.get('code')!);
      stand.grants.authorization_code += 1;
      return json(response, 200, issueTokens(code.scope));
    }
    if (grant === 'refresh_token') {
      const entry = refreshTokens.get(form.get('refresh_token') ?? '');
      const usable =
        entry && !entry.revoked && (entry.graceUntil === null || entry.graceUntil > stand.now());
      if (!usable) return json(response, 400, { error: 'invalid_grant' });
      // Rotation: the token used is replaced, and stays valid for 30 minutes.
      if (entry.graceUntil === null) entry.graceUntil = stand.now() + 30 * 60_000;
      stand.grants.refresh_token += 1;
      return json(response, 200, issueTokens('offline_access accounting.transactions'));
    }
    return json(response, 400, { error: 'unsupported_grant_type' });
  }

  function bearerOk(request: http.IncomingMessage) {
    const header = String(request.headers.authorization ?? '');
    const expires = accessTokens.get(header.replace(/^Bearer /, ''));
    return expires !== undefined && expires > stand.now();
  }

  const validationError = (message: string) => ({
    ErrorNumber: 10,
    Type: 'ValidationException',
    Message: 'A validation exception occurred',
    Elements: [{ ValidationErrors: [{ Message: message }] }],
  });

  function createDocuments(
    kind: 'invoice' | 'credit_note',
    items: Record<string, unknown>[],
    key: string | null,
  ): { status: number; body: unknown } {
    const made: Record<string, unknown>[] = [];
    for (const item of items) {
      const contact = item.Contact as { ContactID?: string } | undefined;
      if (!contact?.ContactID || !stand.contacts.some((c) => c.ContactID === contact.ContactID))
        return { status: 400, body: validationError('The contact does not exist.') };
      for (const line of (item.LineItems as Record<string, unknown>[] | undefined) ?? []) {
        if (!stand.accounts.some((a) => a.Code === line.AccountCode))
          return {
            status: 400,
            body: validationError(
              `Account code '${String(line.AccountCode)}' is not a valid code for this document.`,
            ),
          };
        if (line.TaxType && !stand.taxRates.some((t) => t.TaxType === line.TaxType))
          return {
            status: 400,
            body: validationError(`The TaxType code '${String(line.TaxType)}' does not exist.`),
          };
      }
      const id = randomUUID();
      const type = String(item.Type);
      const number =
        kind === 'credit_note'
          ? `CN-${String(++creditSeq).padStart(4, '0')}`
          : type === 'ACCREC'
            ? `INV-${String(++invoiceSeq).padStart(4, '0')}`
            : String(item.InvoiceNumber ?? '');
      stand.documents.push({ id, kind, Type: type, number, body: item, idempotencyKey: key });
      made.push(
        kind === 'credit_note'
          ? { ...item, CreditNoteID: id, CreditNoteNumber: number, Status: item.Status ?? 'DRAFT' }
          : { ...item, InvoiceID: id, InvoiceNumber: number, Status: item.Status ?? 'DRAFT' },
      );
    }
    return {
      status: 200,
      body: {
        Id: randomUUID(),
        Status: 'OK',
        [kind === 'credit_note' ? 'CreditNotes' : 'Invoices']: made,
      },
    };
  }

  function handleApi(
    request: http.IncomingMessage,
    path: string,
    query: URLSearchParams,
    body: string,
    response: http.ServerResponse,
  ) {
    if (!bearerOk(request))
      return json(response, 401, {
        Type: null,
        Title: 'Unauthorized',
        Status: 401,
        Detail: 'AuthenticationUnsuccessful',
      });
    const tenant = String(request.headers['xero-tenant-id'] ?? '');
    if (!stand.tenants.some((t) => t.tenantId === tenant))
      return json(response, 403, {
        Type: null,
        Title: 'Forbidden',
        Status: 403,
        Detail: 'AuthorizationUnsuccessful',
      });
    const resource = path.replace('/api.xro/2.0/', '');
    const failureAt = failures.findIndex((f) => !f.resource || f.resource === resource);
    const failure = failureAt >= 0 ? failures.splice(failureAt, 1)[0] : undefined;
    if (failure && !failure.afterCreate) {
      if (failure.status === 429)
        return json(
          response,
          429,
          { Status: 429, Title: 'Too Many Requests' },
          { 'retry-after': String(failure.retryAfter ?? 1), 'x-rate-limit-problem': 'minute' },
        );
      return json(response, failure.status, { Message: 'An error occurred in Xero.' });
    }
    const method = request.method ?? 'GET';
    if (method === 'GET' && resource === 'Accounts')
      return json(response, 200, { Accounts: stand.accounts });
    if (method === 'GET' && resource === 'TaxRates')
      return json(response, 200, { TaxRates: stand.taxRates });
    if (method === 'GET' && resource === 'Contacts') {
      // Only the form Uplink uses: where=Name=="…"
      const where = query.get('where') ?? '';
      const match = /^Name=="(.*)"$/.exec(where);
      const name = match ? match[1]!.replace(/\\"/g, '"') : null;
      return json(response, 200, {
        Contacts: stand.contacts.filter(
          (c) => name === null || c.Name.toLowerCase() === name.toLowerCase(),
        ),
      });
    }
    const create = method === 'POST' || method === 'PUT';
    const resources: Record<string, 'invoice' | 'credit_note' | 'contact'> = {
      Invoices: 'invoice',
      CreditNotes: 'credit_note',
      Contacts: 'contact',
    };
    const kind = resources[resource];
    if (!create || !kind) return json(response, 404, { Message: 'Not found' });
    const key = request.headers['idempotency-key']
      ? String(request.headers['idempotency-key'])
      : null;
    const keyed = key ? `${tenant}:${resource}:${key}` : null;
    const replay = keyed ? idempotent.get(keyed) : undefined;
    if (replay) return json(response, replay.status, replay.body);
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return json(response, 400, validationError('The body is not JSON.'));
    }
    let answer: { status: number; body: unknown };
    if (kind === 'contact') {
      const made = ((parsed.Contacts as { Name?: string }[]) ?? []).map((c) => {
        const contact = { ContactID: randomUUID(), Name: String(c.Name ?? '') };
        stand.contacts.push(contact);
        return contact;
      });
      answer = { status: 200, body: { Contacts: made } };
    } else {
      const items = (parsed[resource] as Record<string, unknown>[] | undefined) ?? [];
      answer = createDocuments(kind, items, key);
    }
    if (keyed) idempotent.set(keyed, answer);
    if (failure?.afterCreate)
      return json(response, failure.status, { Message: 'An error occurred in Xero.' });
    return json(response, answer.status, answer.body);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const parsed = new URL(request.url ?? '/', url);
      stand.requests.push({
        method: request.method ?? 'GET',
        path: parsed.pathname + parsed.search,
        headers: request.headers,
        body,
      });
      const path = parsed.pathname;
      if (request.method === 'GET' && path === '/identity/connect/authorize') {
        const q = parsed.searchParams;
        const redirectUri = q.get('redirect_uri');
        const scope = q.get('scope') ?? '';
        if (
          q.get('client_id') !== stand.clientId ||
          q.get('response_type') !== 'code' ||
          !redirectUri
        ) {
          response.writeHead(400, { 'content-type': 'text/plain' });
          return response.end('unauthorized_client');
        }
        if (!scope.split(' ').includes('offline_access')) {
          response.writeHead(400, { 'content-type': 'text/plain' });
          return response.end('invalid_scope: offline_access is required for a refresh token');
        }
        const code = token();
        codes.set(code, { redirectUri, scope });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('scope', scope);
        back.searchParams.set('state', q.get('state') ?? '');
        response.writeHead(302, { location: back.toString() });
        return response.end();
      }
      if (request.method === 'POST' && path === '/connect/token')
        return handleToken(request, body, response);
      if (request.method === 'POST' && path === '/connect/revocation') {
        const form = new URLSearchParams(body);
        if (!clientOk(request, form)) return json(response, 400, { error: 'invalid_client' });
        const entry = refreshTokens.get(form.get('token') ?? '');
        if (entry) {
          // Xero: revoking a refresh token ends the whole grant, every token of it.
          stand.revokeAll();
          stand.revoked.push(entry.token);
        }
        response.writeHead(200);
        return response.end();
      }
      if (request.method === 'GET' && path === '/connections') {
        if (!bearerOk(request)) return json(response, 401, { Title: 'Unauthorized', Status: 401 });
        return json(
          response,
          200,
          stand.tenants.map((t) => ({
            id: randomUUID(),
            authEventId: randomUUID(),
            tenantId: t.tenantId,
            tenantType: 'ORGANISATION',
            tenantName: t.tenantName,
            createdDateUtc: new Date().toISOString(),
            updatedDateUtc: new Date().toISOString(),
          })),
        );
      }
      if (path.startsWith('/api.xro/2.0/'))
        return handleApi(request, path, parsed.searchParams, body, response);
      json(response, 404, { Message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return stand;
}
