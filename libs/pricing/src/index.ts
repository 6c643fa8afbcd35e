export * from './landed-cost';
export * from './line-price';
