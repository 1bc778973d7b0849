import { users, type NewUserRow } from '../modules/users/users.schema';
import { hashPassword } from '../modules/auth/password';
import type { Seeder } from './seeder';

/** Issue 3: the demo accounts, all with this password. */
export const demoPassword = 'demo-pass-1234';

export const demoAccounts = [
  {
    email: 'office@example.com',
    role: 'back_office',
    firstName: 'Olivia',
    lastName: 'Office',
    label: 'back office',
  },
  {
    email: 'office2fa@example.com',
    role: 'back_office',
    firstName: 'Owen',
    lastName: 'Secure',
    twoFactorMethod: 'email',
    label: 'back office, email two-factor (code in the outbox: Users → Messages)',
  },
  {
    email: 'contractor@example.com',
    role: 'contractor',
    firstName: 'Connor',
    lastName: 'Tractor',
    companyName: 'Tamar Satellite Services',
    label: 'contractor',
  },
  {
    email: 'engineer@example.com',
    role: 'engineer',
    firstName: 'Emma',
    lastName: 'Engineer',
    phone: '+447700900001',
    label: 'engineer, SMS sign-in 07700900001',
  },
  {
    email: 'dual@example.com',
    role: 'contractor',
    additionalRoles: ['engineer'],
    firstName: 'Dylan',
    lastName: 'Dual',
    phone: '+447700900002',
    companyName: 'Dylan Dual Installs',
    label: 'contractor + engineer, SMS sign-in 07700900002',
  },
  {
    email: 'customer@example.com',
    role: 'customer',
    firstName: 'Cara',
    lastName: 'Customer',
    label: 'customer',
  },
] as const satisfies readonly (Omit<NewUserRow, 'passwordHash'> & { label: string })[];

export const usersSeeder: Seeder = {
  name: 'users',
  async run({ db, now }) {
    for (const { label: _label, ...account } of demoAccounts) {
      await db
        .insert(users)
        .values({
          ...account,
          additionalRoles: 'additionalRoles' in account ? [...account.additionalRoles] : [],
          status: 'active',
          passwordHash: await hashPassword(demoPassword),
          passwordChangedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
    }
  },
  announce() {
    const width = Math.max(...demoAccounts.map((a) => a.email.length));
    return [
      `Demo sign-ins (password ${demoPassword}):`,
      ...demoAccounts.map((a) => `  ${a.email.padEnd(width)}  ${a.label}`),
    ];
  },
};
