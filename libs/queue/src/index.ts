export * from './connection';
export * from './outbox';
export * from './relay';
export * from './secrets';
export * from './worker';
