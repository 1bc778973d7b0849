const all = ['/api/dispatch'] as const;

/** The dispatch board's queries: a week of the board, the map of waiting orders, a day sheet. */
export const dispatchKeys = {
  all,
  board: (week: string | null) => [...all, 'board', week ?? 'this-week'] as const,
  map: () => [...all, 'map'] as const,
  calendar: (query: object) => [...all, 'calendar', query] as const,
  daySheet: (date: string, engineerId: string | null) =>
    [...all, 'day-sheet', date, engineerId ?? 'all'] as const,
};
