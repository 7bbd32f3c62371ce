/**
 * Table types. Times are ISO-8601 UTC strings (`Date#toISOString`), which sort and compare
 * correctly as text in both SQLite and PostgreSQL, so one set of queries serves both.
 */
export interface DevOutboxTable {
  id: string;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: string;
}

export interface Database {
  dev_outbox: DevOutboxTable;
}
