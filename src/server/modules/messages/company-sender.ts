import type { Database } from '../../db/client';
import { getCompanyContact } from '../settings/settings.service';

/** Who the messages come from ({{companyName}}, {{companyPhone}}): the /settings company. */
export async function companySender(db: Database) {
  const company = await getCompanyContact(db);
  return { companyName: company.name, companyPhone: company.phone };
}
