// The visits a viewer may see (their contractor's, their own as engineer, all for back office).
export { listVisits } from './visits.repository';
