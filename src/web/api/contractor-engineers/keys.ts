const all = ['/api/contractor-engineers'] as const;

/** The signed-in contractor's engineers (/contractor-management). */
export const contractorEngineerKeys = {
  all,
  list: () => all,
};
