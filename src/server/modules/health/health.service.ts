import type { AppDeps } from '../../app-deps';

export async function checkReadiness(deps: AppDeps) {
  let database = false;
  try {
    await deps.database.query('select 1');
    database = true;
  } catch {
    database = false;
  }
  return { database, migrations: deps.state.migrated, seed: deps.state.seeded };
}
