// Every schema file, gathered for drizzle's relational queries. Add each new schema file here.
export * from './schema/meta';
export * from './schema/users';
export * from './schema/sessions';
export * from './schema/auth-codes';
export * from './schema/tokens';
export * from './schema/messages';
export * from './schema/audit';
export * from './schema/blocked-ips';
export * from './schema/settings';
export * from './schema/partners';
export * from './schema/job-types';
export * from './schema/contractors';
export * from './schema/customers';
export * from './schema/orders';
export * from './schema/visits';
export * from './schema/order-events';
export * from './schema/rate-limits';
