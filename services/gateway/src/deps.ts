import type { Redis } from 'ioredis';
import { createRedis, loadPublicKey, TokenRevocations } from '@mfd/service-kit';
import type { GatewayConfig } from './config';

export interface GatewayDeps {
  config: GatewayConfig;
  redis: Redis;
  revocations: TokenRevocations;
  publicKey: string;
}

export function createDeps(config: GatewayConfig, publicKey = loadPublicKey(config)): GatewayDeps {
  const redis = createRedis(config.REDIS_URL);
  return { config, redis, revocations: new TokenRevocations(redis, config.REDIS_PREFIX), publicKey };
}

export async function closeDeps(deps: GatewayDeps): Promise<void> {
  deps.redis.disconnect();
}
