import { appMeta } from '../db/meta.schema';
import type { Seeder } from './seeder';

export const demoCompany = {
  name: 'Skyline Satellite Installations Ltd',
  email: 'office@skyline-installs.example.com',
  phone: '+441392000000',
  address: 'Unit 4, Marsh Barton Trading Estate, Exeter EX2 8PW',
};

export const companySeeder: Seeder = {
  name: 'company',
  async run({ db }) {
    await db.insert(appMeta).values({ key: 'company', value: demoCompany }).onConflictDoNothing();
  },
};
