import type { Redis } from 'ioredis';
import {
  createRedis,
  loadGatewaySecret,
  loadPublicKey,
  TokenRevocations,
  VerifiedTokens,
} from '@mfd/service-kit';
import type { GatewayConfig } from './config';

export interface GatewayDeps {
  config: GatewayConfig;
  redis: Redis;
  revocations: TokenRevocations;
  /** Tokens the auth hook verified: the direct proxy path forwards only these. */
  verifiedTokens: VerifiedTokens;
  publicKey: string;
  /** Sent with every forwarded request, so the services believe its X-Forwarded-For. */
  gatewaySecret: string;
}

export function createDeps(config: GatewayConfig, publicKey = loadPublicKey(config)): GatewayDeps {
  const redis = createRedis(config.REDIS_URL, config.REDIS_COMMAND_TIMEOUT_MS);
  return {
    config,
    redis,
    revocations: new TokenRevocations(redis, config.REDIS_PREFIX),
    verifiedTokens: new VerifiedTokens(),
    publicKey,
    gatewaySecret: loadGatewaySecret(config),
  };
}

export async function closeDeps(deps: GatewayDeps): Promise<void> {
  deps.redis.disconnect();
}
