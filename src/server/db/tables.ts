// Every schema file, gathered for drizzle's relational queries. Add each new schema file here.
export * from './schema/meta';
