import type { Migration } from 'kysely';
import * as m0001 from './0001-dev-outbox';
import * as m0002 from './0002-auth';
import * as m0003 from './0003-contact-and-mail';
import * as m0004 from './0004-one-time-state-and-retention';
import * as m0005 from './0005-connections';
import * as m0006 from './0006-connection-layer';
import * as m0007 from './0007-billing';
import * as m0008 from './0008-usage';
import * as m0009 from './0009-account';
import * as m0010 from './0010-usage-covering-index';
import * as m0011 from './0011-sample-workspace';
import * as m0012 from './0012-jobs';
import * as m0013 from './0013-assistant';
import * as m0014 from './0014-assistant-screen';
import * as m0016 from './0016-approval-binding';
import * as m0017 from './0017-sms-outbox';
import * as m0018 from './0018-assistant-reminders';
import * as m0019 from './0019-follow-ups';
import * as m0020 from './0020-assistant-memories';
import * as m0021 from './0021-cached-tokens';
import * as m0022 from './0022-feed-subscriptions';
import * as m0023 from './0023-briefing-next';
import * as m0024 from './0024-help-texts';
import * as m0025 from './0025-reminder-looks';
import * as m0026 from './0026-scheduling-requests';
import * as m0027 from './0027-scheduling-holds';

/**
 * Imported, not read from disk, so the same list runs under tsx, a bundle or a test,
 * and SQLite and PostgreSQL always get exactly the same steps. Append only.
 */
export const migrations: Record<string, Migration> = {
  '0001-dev-outbox': m0001,
  '0002-auth': m0002,
  '0003-contact-and-mail': m0003,
  '0004-one-time-state-and-retention': m0004,
  '0005-connections': m0005,
  '0006-connection-layer': m0006,
  '0007-billing': m0007,
  '0008-usage': m0008,
  '0009-account': m0009,
  '0010-usage-covering-index': m0010,
  '0011-sample-workspace': m0011,
  '0012-jobs': m0012,
  '0013-assistant': m0013,
  '0014-assistant-screen': m0014,
  '0016-approval-binding': m0016,
  '0017-sms-outbox': m0017,
  '0018-assistant-reminders': m0018,
  '0019-follow-ups': m0019,
  '0020-assistant-memories': m0020,
  '0021-cached-tokens': m0021,
  '0022-feed-subscriptions': m0022,
  '0023-briefing-next': m0023,
  '0024-help-texts': m0024,
  '0025-reminder-looks': m0025,
  '0026-scheduling-requests': m0026,
  '0027-scheduling-holds': m0027,
};
