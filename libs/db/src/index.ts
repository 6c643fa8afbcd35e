export * from './database';
export * from './migrate';
export * from './like';
export * from './prepared';
export * from './any-id';
export * from './coalesced-writes';
