import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lowStockPath } from '@shared/stock/field-flags.contracts';
import { stockLowStockEmails } from './stock.schema';
import { lowStockEmailSubject, sendLowStockEmail } from './low-stock.service';
import {
  caller,
  makeProduct,
  makeWarehouse,
  receiveStock,
  uniqueSku,
  type Call,
} from '../../../../tests/factories/stock';
import { signInAs, waitFor, closeTestApp, type AuthHeaders } from '../../../../tests/support/auth';
import { startSmtpCapture, type SmtpCapture } from '../../../../tests/support/smtp-capture';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

let app: TestApp;
let smtp: SmtpCapture;
let backOffice: { headers: AuthHeaders; email: string };
let call: Call;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await createTestApp({ workers: true, config: { SMTP_URL: smtp.url } });
  const signedIn = await signInAs(app, 'back_office', { firstName: 'Olive', lastName: 'Office' });
  backOffice = { headers: signedIn.headers, email: signedIn.user.email };
  call = caller(app, () => backOffice.headers);
});
afterAll(async () => {
  await closeTestApp(app);
  await smtp.close();
});

describe('low stock', () => {
  it('counts levels below their low-stock level on the dashboard and emails back office once a day', async () => {
    const warehouse = await makeWarehouse(call, `Low ${uniqueSku('W')}`);
    const product = await makeProduct(call, { sku: uniqueSku('CLIP') });
    await receiveStock(call, warehouse.id, [{ productId: product.id, quantity: 2 }]);
    const before = (await call('GET', '/api/dashboard')).json().lowStock as number;
    const set = await call('PUT', '/api/stock/low-levels', {
      productId: product.id,
      locationId: warehouse.id,
      level: 5,
    });
    expect(set.statusCode, set.body).toBe(204);
    const dashboard = await call('GET', '/api/dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().lowStock).toBe(before + 1);

    await app.deps.database.db.delete(stockLowStockEmails);
    const now = new Date();
    const sent = await sendLowStockEmail(app.deps, now);
    expect(sent).toBeGreaterThan(0);
    // The job running again the same day sends nothing more.
    expect(await sendLowStockEmail(app.deps, now)).toBe(0);
    const mail = await waitFor(async () =>
      smtp.messages.find(
        (m) => m.to.includes(backOffice.email) && m.subject.startsWith('Low stock'),
      ),
    );
    expect(mail.subject).toBe(lowStockEmailSubject(before + 1));
    expect(mail.text).toContain(
      `- SKU ${product.sku} (Flat panel dish 60cm) at ${warehouse.label}: 2 (low below 5)`,
    );
    expect(mail.text).toContain(lowStockPath);
    expect(smtp.messages.filter((m) => m.to.includes(backOffice.email))).toHaveLength(1);
  });

  it('makes a depot with its contractor and a van with its engineer; listing locations writes nothing', async () => {
    const res = await call('POST', '/api/contractors', {
      name: `Kernow Aerials ${uniqueSku('K')}`,
      contactEmail: 'office@kernow.example.com',
      coverageAreas: ['TR'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const contractorId = res.json().id as string;
    const invited = await call('POST', '/api/users', {
      email: `eng-${uniqueSku('e').toLowerCase()}@example.com`,
      role: 'engineer',
      firstName: 'Jory',
      lastName: 'Tremayne',
      contractorId,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const locations = (await call('GET', '/api/stock/locations')).json().items as {
      kind: string;
      label: string;
      contractorId: string | null;
    }[];
    const mine = locations.filter((l) => l.contractorId === contractorId).map((l) => l.label);
    expect(mine.sort()).toEqual([`Depot: ${res.json().name}`, 'Van: Jory Tremayne'].sort());
    // Reading locations makes none: a second read is the same list.
    const again = (await call('GET', '/api/stock/locations')).json().items;
    expect(again).toHaveLength(locations.length);
  });
});
