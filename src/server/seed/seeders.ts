import type { Seeder } from './seeder';
import { companySeeder } from './company.seed';
import { contractorOffersSeeder } from './contractor-offers.seed';
import { contractorWeekSeeder } from './contractor-week.seed';
import { engineerVisitsSeeder } from './engineer-visits.seed';
import { ordersSeeder } from './orders.seed';
import { stockSeeder } from './stock.seed';
import { usersSeeder } from './users.seed';

/** Every feature's demo data, in the order it must run. Add each new seeder here. */
// ordersSeeder links the demo contractor, engineer and dual accounts to the demo contractor
// company: keep it AFTER the users seeder.
// contractorOffersSeeder adds to the demo contractor's orders: keep it AFTER the orders seeder.
// contractorWeekSeeder books the demo contractor's engineers: keep it AFTER users and orders.
// engineerVisitsSeeder needs the demo engineer linked to its company: after ordersSeeder.
// stockSeeder stocks the demo contractor's depot and its engineers' vans, and the demo job
// types' kit: after users and orders.
export const demoSeeders: Seeder[] = [
  usersSeeder,
  companySeeder,
  ordersSeeder,
  contractorOffersSeeder,
  engineerVisitsSeeder,
  contractorWeekSeeder,
  stockSeeder,
];
