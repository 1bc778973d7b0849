import type { Seeder } from './seed';
import { companySeeder } from './company.seed';

/** Every feature's demo data, in the order it must run. Add each new seeder here. */
export const demoSeeders: Seeder[] = [companySeeder];
