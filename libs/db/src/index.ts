export * from './database';
export * from './migrate';
export * from './like';
export * from './prepared';
export * from './named-statements';
export * from './any-id';
export * from './coalesced-writes';
