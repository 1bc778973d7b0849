import { beforeAll } from 'vitest';
import { resetTestDatabase } from '../support/test-database';

beforeAll(async () => {
  await resetTestDatabase();
});
