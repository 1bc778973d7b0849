import { levelsSearch, type LevelsFilters } from './levels';
import { movementsSearch, type MovementsFilters } from './movements';

// The CSV exports: plain links (the browser downloads what the server sends).

/** GET /api/stock/levels.csv with the list's filters. */
export const levelsCsvUrl = (filters: LevelsFilters) =>
  `/api/stock/levels.csv${levelsSearch(filters)}`;

/** GET /api/stock/movements.csv with the list's filters. */
export const movementsCsvUrl = (filters: MovementsFilters) =>
  `/api/stock/movements.csv${movementsSearch(filters)}`;

/** GET /api/stock/value.csv: back office only. */
export const stockValueCsvUrl = '/api/stock/value.csv';
