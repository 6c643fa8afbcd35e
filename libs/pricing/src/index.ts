export * from './landed-cost';
export * from './line-price';
export * from './stem-margin';
export * from './split-award';
export * from './price-stats';
export * from './reply-prices';
export * from './cost-rank';
export * from './savings';
