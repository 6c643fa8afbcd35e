import { z } from 'zod';
import { baseConfig, loadConfig } from '@mfd/service-kit';

export const directoryConfig = baseConfig.extend({
  PORT: z.coerce.number().int().default(4002),
  DB_SCHEMA: z.string().default('directory'),
  /** Largest UN/LOCODE upload accepted (the full code list is ~12 MB). */
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(50 * 1024 * 1024),
});
export type DirectoryConfig = z.infer<typeof directoryConfig>;

export const readConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(directoryConfig, env);
