import { z } from 'zod';
import { baseConfig, loadConfig } from '@mfd/service-kit';

export const inquiryConfig = baseConfig.extend({
  PORT: z.coerce.number().int().default(4003),
  DB_SCHEMA: z.string().default('inquiry'),
  DIRECTORY_URL: z.string().url().default('http://127.0.0.1:4002'),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(1000),
});
export type InquiryConfig = z.infer<typeof inquiryConfig>;

export const readConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(inquiryConfig, env);
