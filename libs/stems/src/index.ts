export * from './time-bars';
export * from './claims';
export * from './variances';
export * from './invoice-check';
export * from './due-date';
