import type { z } from 'zod';
import type { Database } from '../../db/client';
import { badRequest } from '../../errors';
import {
  resolvePeriod,
  type contractorReportQuery,
  type ContractorReport,
  type partnerReportQuery,
  type PartnerReport,
} from '@shared/reports/reports.contracts';
import {
  contractorReportFacts,
  partnerReportFacts,
  reportOwners,
} from '../orders/projections/reports.projection';
import { contractorReportFrom, partnerReportFrom } from './report-figures.service';
import { londonDateOf } from '@shared/london-date';

// Issue 22: the back office's reports (the routes allow back_office only).

type Owner = { id: string; name: string };

/** The rows' owners: all of them, or the one the filter names (400 when it names none). */
function pick(all: Owner[], id: string | undefined, field: string, message: string) {
  if (!id) return all;
  const one = all.filter((owner) => owner.id === id);
  if (one.length === 0) throw badRequest(message, { [field]: [message] });
  return one;
}

export async function contractorReport(
  db: Database,
  query: z.output<typeof contractorReportQuery>,
  now = new Date(),
): Promise<ContractorReport> {
  const period = resolvePeriod(query, londonDateOf(now));
  const all = await reportOwners(db, 'contractors');
  const owners = pick(all, query.contractorId, 'contractorId', 'There is no such contractor');
  const facts = await contractorReportFacts(db, period, query.contractorId ?? null);
  return { ...contractorReportFrom(facts, owners, period), contractors: all };
}

export async function partnerReport(
  db: Database,
  query: z.output<typeof partnerReportQuery>,
  now = new Date(),
): Promise<PartnerReport> {
  const period = resolvePeriod(query, londonDateOf(now));
  const all = await reportOwners(db, 'partners');
  const owners = pick(all, query.partnerId, 'partnerId', 'There is no such partner');
  const facts = await partnerReportFacts(db, period, query.partnerId ?? null);
  return { ...partnerReportFrom(facts, owners, period), partners: all };
}
