export * from './connection';
export * from './metrics';
export * from './outbox';
export * from './relay';
export * from './request-id';
export * from './secrets';
export * from './worker';
