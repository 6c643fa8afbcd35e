import type { Migrations } from '@mfd/db';
import * as m0001 from './0001-messages';
import * as m0002 from './0002-acknowledged-delivery';

/** Forward-only, applied in name order at start (under the advisory lock of @mfd/db). */
export const migrations: Migrations = {
  '0001-messages': m0001,
  '0002-acknowledged-delivery': m0002,
};
