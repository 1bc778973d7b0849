import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { preparedPerHandle } from '../../../db/prepared';
import { apiKeyColumns, partnerApiKeys } from '../../partner-api/partner-api.schema';
import { partners } from '../../partners/partners.schema';

// The caller of /api/v1 (issue 23, decision 088): the API key with this hash and its partner's
// name and state, in one statement prepared once per database handle, where the partner API
// read the key and then the partner (two statements on every partner request).

function callerQuery(db: Database) {
  return db
    .select({
      ...apiKeyColumns,
      partnerName: partners.name,
      partnerActive: partners.active,
    })
    .from(partnerApiKeys)
    .innerJoin(partners, eq(partners.id, partnerApiKeys.partnerId))
    .where(eq(partnerApiKeys.hash, sql.placeholder('hash')))
    .limit(1)
    .prepare('partner_api_caller');
}

const callerStatement = preparedPerHandle(callerQuery);

export type PartnerApiCallerRow = Awaited<
  ReturnType<ReturnType<typeof callerQuery>['execute']>
>[number];

/** The key with this hash, with its partner's name and whether the partner is active. */
export async function findPartnerApiCaller(
  db: Database,
  hash: string,
): Promise<PartnerApiCallerRow | null> {
  return (await callerStatement(db).execute({ hash }))[0] ?? null;
}
