/** Every Drizzle table, gathered for the query builder and the test reset. */
export * from '../modules/users/users.table.js';
export * from '../modules/auth/sessions.table.js';
export * from '../modules/auth/rate-limits.table.js';
export * from '../modules/logs/logs.table.js';
export * from '../modules/customers/customers.table.js';
export * from '../modules/categories/categories.table.js';
export * from '../modules/devices/devices.table.js';
export * from '../modules/files/files.table.js';
export * from '../modules/notes/notes.table.js';
export * from '../modules/parts/parts.table.js';
export * from '../modules/services/services.table.js';
export * from '../modules/incidents/incidents.table.js';
export * from '../modules/todos/todos.table.js';
export * from '../modules/inspections/inspection-summaries.table.js';
export * from '../modules/reminders/reminders.table.js';
