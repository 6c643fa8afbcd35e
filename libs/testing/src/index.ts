export * from './infra';
export * from './schema';
export * from './smtp-sink';
export * from './tokens';
export * from './routes';
