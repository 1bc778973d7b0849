const all = ['/api/contractors'] as const;
const lists = [...all, 'list'] as const;

export type ContractorFilters = { q?: string; active?: 'true' | 'false'; covers?: string };

/**
 * One key per contractor query, for every screen: the orders filter, the assign dialog, the
 * users screen and the contractors screens read `list(filters)`, so a create or an update
 * that invalidates `lists` refreshes them all (issue 8: the users screen's list went stale).
 */
export const contractorKeys = {
  all,
  lists,
  list: (filters: ContractorFilters) => [...lists, filters] as const,
  detail: (id: string) => [...all, 'detail', id] as const,
  engineers: (id: string) => [...all, 'engineers', id] as const,
};
