export * from './reference-data.js';
export * from './limits.js';
export * from './messages.js';
export * from './schemas/common.js';
export * from './schemas/accounts.js';
export * from './schemas/logs.js';
