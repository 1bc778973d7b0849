// The load bench's data and sign-ins: bulk orders on top of the demo data, then the people the
// simulated users act as (the demo office and contractor accounts, engineers of the demo
// contractor with visits today, partners with API keys, customers with a portal open).
import type { DatabaseHandle } from '../src/server/db/client';
import { hashPassword } from '../src/server/modules/auth/password';
import { sessionCookieName } from '../src/server/modules/auth/session.service';
import { portalCookieName } from '../src/server/modules/customer-links/customer-links.routes';
import { generateApiKey } from '../src/server/modules/partner-api/api-key-format';
import { demoPassword } from '../src/server/seed/users.seed';
import { bulkSeedOrders } from './orders-seed';

/** One signed-in person: the cookie to send and the address they come from. */
export type Person = { cookie: string; ip: string };
export type Engineer = Person & { visitIds: string[] };
export type Partner = { key: string };
export type Customer = Person & { orderNumber: string };

export type Fixtures = {
  office: Person[];
  contractor: Person[];
  engineers: Engineer[];
  partners: Partner[];
  customers: Customer[];
  orderIds: string[];
  jobTypeCode: string;
};

export type FixtureSizes = {
  orders: number;
  office: number;
  contractor: number;
  engineers: number;
  visitsPerEngineer: number;
  partners: number;
  customers: number;
};

/** A distinct client address per simulated person (the proxy appends its own). */
const addressOf = (group: number, i: number) =>
  `10.${group}.${Math.floor(i / 250)}.${(i % 250) + 1}`;

export async function seedLoadData(handle: DatabaseHandle, sizes: FixtureSizes) {
  const q = async <T>(text: string, values?: unknown[]) =>
    (await handle.query(text, values)).rows as T[];
  const [counters] = await q<{ after: number }>(
    `select greatest((select last_value from order_number_seq),
                     (select last_value from customer_reference_seq))::int as after`,
  );
  await bulkSeedOrders(handle, sizes.orders, counters!.after);

  // Engineers of the demo contractor's company, each with visits of their own today.
  const [company] = await q<{ id: string }>(
    `select contractor_id as id from users where email = 'contractor@example.com'`,
  );
  const hash = await hashPassword(demoPassword);
  const engineerRows = await q<{ id: string; email: string }>(
    `insert into users (email, role, first_name, last_name, status, contractor_id, password_hash,
                        password_changed_at)
     select 'load-engineer-' || g || '@example.com', 'engineer', 'Load', 'Engineer ' || g,
            'active', $1, $2, now()
       from generate_series(1, $3::int) g
     returning id, email`,
    [company!.id, hash, sizes.engineers],
  );
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const open = await q<{ id: string }>(
    `select v.id from visits v join orders o on o.id = v.order_id
      where v.status = 'scheduled' and o.status = 'scheduled' and v.checked_in_at is null
      order by v.id limit $1`,
    [sizes.engineers * sizes.visitsPerEngineer],
  );
  if (open.length < sizes.engineers * sizes.visitsPerEngineer)
    throw new Error(
      `only ${open.length} scheduled visits for ${sizes.engineers * sizes.visitsPerEngineer}: seed more orders (--orders)`,
    );
  const visitsOf = new Map<string, string[]>();
  engineerRows.forEach((engineer, i) => {
    const ids = open
      .slice(i * sizes.visitsPerEngineer, (i + 1) * sizes.visitsPerEngineer)
      .map((v) => v.id);
    visitsOf.set(engineer.email, ids);
  });
  for (const engineer of engineerRows) {
    const ids = visitsOf.get(engineer.email)!;
    await q(
      `update visits set engineer_id = $1, contractor_id = $2, scheduled_date = $3
        where id = any($4::uuid[])`,
      [engineer.id, company!.id, today, ids],
    );
    await q(
      `update orders set contractor_id = $1
        where id in (select order_id from visits where id = any($2::uuid[]))`,
      [company!.id, ids],
    );
  }

  // Partners, each with a key allowed to read and write.
  const partnerKeys: Partner[] = [];
  for (let i = 0; i < sizes.partners; i += 1) {
    const [row] = await q<{ id: string }>(
      `insert into partners (name, code) values ($1, $2) returning id`,
      [`Load partner ${i + 1}`, `LOAD${i + 1}`],
    );
    const key = generateApiKey();
    await q(
      `insert into partner_api_keys (partner_id, name, prefix, hash, scopes)
         values ($1, 'load bench', $2, $3, '{read,write}')`,
      [row!.id, key.prefix, key.hash],
    );
    partnerKeys.push({ key: key.key });
  }

  const [jobType] = await q<{ code: string }>(
    `select code from job_types where active order by code limit 1`,
  );
  const customerOrders = await q<{ order_number: string; postcode: string }>(
    `select o.order_number, c.postcode from orders o join customers c on c.id = o.customer_id
      where o.status in ('validated', 'assigned', 'scheduled') and o.partner_id is not null
      order by o.order_number desc limit $1`,
    [sizes.customers],
  );
  const orderIds = (
    await q<{ id: string }>(`select id from orders order by md5(id::text) limit 2000`)
  ).map((r) => r.id);
  await handle.exec('analyze');
  return {
    engineers: engineerRows.map((e) => ({ email: e.email, visitIds: visitsOf.get(e.email)! })),
    partners: partnerKeys,
    customerOrders: customerOrders.map((r) => ({
      orderNumber: r.order_number,
      postcode: r.postcode,
    })),
    orderIds,
    jobTypeCode: jobType!.code,
  };
}

type Seeded = Awaited<ReturnType<typeof seedLoadData>>;

function cookieFrom(res: Response, name: string): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!cookie) throw new Error(`no ${name} cookie in the answer (HTTP ${res.status})`);
  return cookie.split(';')[0]!;
}

/** Signs everyone in through the proxy, a few at a time, each from an address of their own. */
export async function signIn(base: string, seeded: Seeded, sizes: FixtureSizes) {
  const post = (path: string, ip: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });
  const login = async (email: string, ip: string): Promise<Person> => {
    const res = await post('/api/auth/login', ip, { email, password: demoPassword });
    if (res.status !== 200)
      throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
    const answer = (await res.json()) as { requiresTwoFactor?: boolean };
    if (answer.requiresTwoFactor) throw new Error(`${email} asks for a second factor`);
    return { cookie: cookieFrom(res, sessionCookieName), ip };
  };
  const inBatches = async <T>(count: number, work: (i: number) => Promise<T>) => {
    const out: T[] = [];
    for (let i = 0; i < count; i += 4)
      out.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(4, count - i) }, (_, j) => work(i + j)),
        )),
      );
    return out;
  };
  const office = await inBatches(sizes.office, (i) =>
    login('office@example.com', addressOf(11, i)),
  );
  const contractor = await inBatches(sizes.contractor, (i) =>
    login('contractor@example.com', addressOf(12, i)),
  );
  const engineers = await inBatches(seeded.engineers.length, async (i) => ({
    ...(await login(seeded.engineers[i]!.email, addressOf(13, i))),
    visitIds: seeded.engineers[i]!.visitIds,
  }));
  const customers = await inBatches(seeded.customerOrders.length, async (i) => {
    const { orderNumber, postcode } = seeded.customerOrders[i]!;
    const ip = addressOf(14, i);
    const res = await post(`/api/public/portal/${orderNumber}/proof`, ip, { postcode });
    if (res.status !== 200)
      throw new Error(`portal proof of ${orderNumber}: ${res.status} ${await res.text()}`);
    return { cookie: cookieFrom(res, portalCookieName), ip, orderNumber };
  });
  return {
    office,
    contractor,
    engineers,
    partners: seeded.partners,
    customers,
    orderIds: seeded.orderIds,
    jobTypeCode: seeded.jobTypeCode,
  } satisfies Fixtures;
}
