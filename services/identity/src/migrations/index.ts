import type { Migrations } from '@mfd/db';
import * as m0001 from './0001-identity';
import * as m0002 from './0002-operators';
import * as m0003 from './0003-outbox-confirmation';
import * as m0004 from './0004-outbox-request-id';
import * as m0005 from './0005-teams';
import * as m0006 from './0006-removed-members-address';

/** Forward-only, applied in name order at start (under the advisory lock of @mfd/db). */
export const migrations: Migrations = {
  '0001-identity': m0001,
  '0002-operators': m0002,
  '0003-outbox-confirmation': m0003,
  '0004-outbox-request-id': m0004,
  '0005-teams': m0005,
  '0006-removed-members-address': m0006,
};
