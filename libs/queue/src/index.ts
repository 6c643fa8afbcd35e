export * from './connection';
export * from './outbox';
export * from './relay';
export * from './worker';
