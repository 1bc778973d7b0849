import { describe, expect, it } from 'vitest';
import { getTestDatabase, resetTestDatabase } from '../../../tests/support/test-database';
import { users } from '../modules/users/users.schema';
import { seedAnnouncement, type Seeder } from './seed';

// Issue 9: what the start-up banner says about demo data where the server runs.

const demoSeeder: Seeder = {
  name: 'demo',
  run: async () => {},
  announce: () => ['Demo sign-ins (password demo-pass-1234):'],
};

describe('seedAnnouncement', () => {
  it('on a local address lists the demo sign-ins, without a warning', async () => {
    await resetTestDatabase();
    const { db } = await getTestDatabase();
    await db
      .insert(users)
      .values({ email: 'office@example.com', role: 'back_office', status: 'active' });
    const lines = await seedAnnouncement(db, {
      demo: true,
      seededNow: true,
      publicUrl: 'http://localhost:5000',
      loopback: true,
      seeders: [demoSeeder],
    });
    expect(lines).toEqual([
      'Demo data added (first start).',
      '',
      'Demo sign-ins (password demo-pass-1234):',
    ]);
  });

  it('warns when demo accounts exist on a server others can reach (SEED_DEMO=true)', async () => {
    const { db } = await getTestDatabase();
    const lines = await seedAnnouncement(db, {
      demo: true,
      seededNow: false,
      publicUrl: 'https://uplink.example.com',
      loopback: false,
      seeders: [demoSeeder],
    });
    expect(lines.join('\n')).toContain(
      'WARNING: demo accounts with a published password exist on https://uplink.example.com,',
    );
    expect(lines.join('\n')).toContain('npm run cli -- demo:remove');
  });

  it('without demo data and without a back-office account, says how to create the first', async () => {
    await resetTestDatabase();
    const { db } = await getTestDatabase();
    const lines = await seedAnnouncement(db, {
      demo: false,
      seededNow: true,
      publicUrl: 'https://uplink.example.com',
      loopback: false,
      seeders: [demoSeeder],
    });
    expect(lines[0]).toBe(
      'First start without demo data (https://uplink.example.com is not a local address; SEED_DEMO=true adds it).',
    );
    expect(lines.join('\n')).toContain(
      'No back-office account can sign in yet. Create the first one with:',
    );
    expect(lines.join('\n')).toContain('npm run cli -- user:create --email you@example.com');
    expect(lines.join('\n')).not.toContain('Demo sign-ins');
  });
});
