import { afterAll, beforeAll } from 'vitest';
import { closeTestApps } from '../support/test-app';
import { resetTestDatabase } from '../support/test-database';

beforeAll(async () => {
  await resetTestDatabase();
});

// Apps made with createTestApp in this file, and their job workers, end with the file.
afterAll(async () => {
  await closeTestApps();
});
