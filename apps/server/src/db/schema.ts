/** Every Drizzle table, gathered for the query builder and the test reset. */
export * from '../modules/users/users.table.js';
export * from '../modules/auth/sessions.table.js';
export * from '../modules/auth/rate-limits.table.js';
export * from '../modules/logs/logs.table.js';
