import type { Migrations } from '@mfd/db';
import * as m0001 from './0001-messages';
import * as m0002 from './0002-acknowledged-delivery';
import * as m0003 from './0003-outbox-request-id';
import * as m0004 from './0004-bounces-and-reply-routes';
import * as m0005 from './0005-inbound-mail';

/** Forward-only, applied in name order at start (under the advisory lock of @mfd/db). */
export const migrations: Migrations = {
  '0001-messages': m0001,
  '0002-acknowledged-delivery': m0002,
  '0003-outbox-request-id': m0003,
  '0004-bounces-and-reply-routes': m0004,
  '0005-inbound-mail': m0005,
};
