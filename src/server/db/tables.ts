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
