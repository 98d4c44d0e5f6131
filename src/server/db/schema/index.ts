export * from './users.js';
export * from './media.js';
export * from './studios.js';
export * from './contact.js';
export * from './payments.js';
export * from './change-counters.js';
export * from './account.js';
