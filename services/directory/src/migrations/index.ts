import type { Migrations } from '@mfd/db';
import * as m0001 from './0001-ports';
import * as m0002 from './0002-products';
import * as m0003 from './0003-companies';
import * as m0004 from './0004-vessels';
import * as m0005 from './0005-port-search-unaccent';
import * as m0006 from './0006-port-editors';
import * as m0007 from './0007-company-ports';
import * as m0008 from './0008-directory-outbox';
import * as m0009 from './0009-company-vessels';
import * as m0010 from './0010-bounced-addresses';
import * as m0011 from './0011-port-search-name';
import * as m0012 from './0012-port-typo-candidates';

/** Forward-only, applied in name order at start (under the advisory lock of @mfd/db). */
export const migrations: Migrations = {
  '0001-ports': m0001,
  '0002-products': m0002,
  '0003-companies': m0003,
  '0004-vessels': m0004,
  '0005-port-search-unaccent': m0005,
  '0006-port-editors': m0006,
  '0007-company-ports': m0007,
  '0008-directory-outbox': m0008,
  '0009-company-vessels': m0009,
  '0010-bounced-addresses': m0010,
  '0011-port-search-name': m0011,
  '0012-port-typo-candidates': m0012,
};
