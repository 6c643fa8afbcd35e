import type { Migrations } from '@mfd/db';
import * as m0001 from './0001-inquiries';
import * as m0002 from './0002-inquiry-snapshots';
import * as m0003 from './0003-outbox-confirmation';
import * as m0004 from './0004-rfq';
import * as m0005 from './0005-outbox-request-id';
import * as m0006 from './0006-landed-cost';
import * as m0007 from './0007-mail-threads';
import * as m0008 from './0008-audit-trail';
import * as m0009 from './0009-superseded-links';
import * as m0010 from './0010-notifications';
import * as m0011 from './0011-supplier-notes-and-sent-version';
import * as m0012 from './0012-split-award-and-rounds';
import * as m0013 from './0013-deadlines';
import * as m0014 from './0014-inquiry-owners';
import * as m0015 from './0015-supplier-messages';
import * as m0016 from './0016-stems';
import * as m0017 from './0017-stem-life';
import * as m0018 from './0018-stem-digests';
import * as m0019 from './0019-price-history';
import * as m0020 from './0020-dashboard-figures';
import * as m0021 from './0021-list-indexes';
import * as m0022 from './0022-price-history-index-only';
import * as m0023 from './0023-company-counts';
import * as m0024 from './0024-award-savings';
import * as m0025 from './0025-dashboard-sums-index-only';
import * as m0026 from './0026-award-month-sums';
import * as m0027 from './0027-awarded-lines';
import * as m0028 from './0028-search-pending-list';
import * as m0029 from './0029-recipients-first-sent';
import * as m0030 from './0030-offer-response-seconds';

/** Forward-only, applied in name order at start (under the advisory lock of @mfd/db). */
export const migrations: Migrations = {
  '0001-inquiries': m0001,
  '0002-inquiry-snapshots': m0002,
  '0003-outbox-confirmation': m0003,
  '0004-rfq': m0004,
  '0005-outbox-request-id': m0005,
  '0006-landed-cost': m0006,
  '0007-mail-threads': m0007,
  '0008-audit-trail': m0008,
  '0009-superseded-links': m0009,
  '0010-notifications': m0010,
  '0011-supplier-notes-and-sent-version': m0011,
  '0012-split-award-and-rounds': m0012,
  '0013-deadlines': m0013,
  '0014-inquiry-owners': m0014,
  '0015-supplier-messages': m0015,
  '0016-stems': m0016,
  '0017-stem-life': m0017,
  '0018-stem-digests': m0018,
  '0019-price-history': m0019,
  '0020-dashboard-figures': m0020,
  '0021-list-indexes': m0021,
  '0022-price-history-index-only': m0022,
  '0023-company-counts': m0023,
  '0024-award-savings': m0024,
  '0025-dashboard-sums-index-only': m0025,
  '0026-award-month-sums': m0026,
  '0027-awarded-lines': m0027,
  '0028-search-pending-list': m0028,
  '0029-recipients-first-sent': m0029,
  '0030-offer-response-seconds': m0030,
};
