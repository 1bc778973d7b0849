import type { Seeder } from './seeder';
import { companySeeder } from './company.seed';
import { engineerVisitsSeeder } from './engineer-visits.seed';
import { ordersSeeder } from './orders.seed';
import { usersSeeder } from './users.seed';

/** Every feature's demo data, in the order it must run. Add each new seeder here. */
// ordersSeeder links the demo contractor, engineer and dual accounts to the demo contractor
// company: keep it AFTER the users seeder.
// engineerVisitsSeeder needs the demo engineer linked to its company: after ordersSeeder.
export const demoSeeders: Seeder[] = [
  usersSeeder,
  companySeeder,
  ordersSeeder,
  engineerVisitsSeeder,
];
