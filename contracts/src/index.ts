export * from './constants.js';
export * from './errors.js';
export * from './health.js';
export * from './accounts.js';
export * from './projects.js';
export * from './groups.js';
export * from './moderation.js';
export * from './messages.js';
