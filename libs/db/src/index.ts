export * from './database';
export * from './migrate';
export * from './like';
export * from './prepared';
