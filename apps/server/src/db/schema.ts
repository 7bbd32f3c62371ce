import type { ColumnType, Generated } from 'kysely';

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

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  provider: string;
  phone_number: string | null;
  language: 'en' | 'zh';
  created_at: string;
  updated_at: string;
  /** IANA zone of the usage chart's days; null reads as UTC (migration 0008). */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  provider: string;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** The starting address with its host part hidden (migration 0009). */
  network: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface VerificationCodesTable {
  id: string;
  phone_number: string;
  /** HMAC of number and code; the code itself is never stored. */
  code_hash: string;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
  verified_at: string | null;
  proof_used_at: string | null;
}

export interface PhoneSendLocksTable {
  phone_number: string;
  touched_at: string;
}

export interface ContactMessagesTable {
  id: string;
  user_id: string;
  email: string;
  phone_number: string | null;
  language: 'en' | 'zh';
  subject: string;
  message: string;
  priority: 'low' | 'medium' | 'high';
  created_at: string;
}

export interface MailOutboxTable {
  id: string;
  kind: 'support' | 'confirmation' | 'usage_alert' | 'account_deleted';
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  /** pending until delivered; its `mail.send` job (key `mail:<id>`) never gives up on it. */
  status: 'pending' | 'sent';
  /**
   * The old outbox worker's bookkeeping, no longer written (decision 215): a mail's tries, next
   * try and last error are its job's. Kept for rows from before; a later migration may drop them.
   */
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  contact_message_id: string | null;
  created_at: string;
  sent_at: string | null;
}

/** One-time state (OAuth state, tickets, locks) when there is no Redis. */
export interface OneTimeStateTable {
  key: string;
  value: string;
  expires_at: string;
}

export interface ConnectionsTable {
  id: string;
  user_id: string;
  provider: 'google' | 'microsoft' | 'facebook' | 'apple';
  provider_account_id: string;
  email: string;
  name: string;
  granted_scopes: string;
  /** Sealed with SecretBox, bound to this row's id. */
  access_token: string;
  refresh_token: string | null;
  expires_at: string | null;
  status: 'connected' | 'needs_reconnect' | 'disconnected';
  status_reason: string | null;
  created_at: string;
  updated_at: string;
  last_refresh_at: string | null;
  last_refresh_error_at: string | null;
  last_refresh_error: string | null;
  failed_refresh_count: Generated<number>;
  /** After a temporary refresh failure, no new attempt before this time (backoff). */
  retry_after: string | null;
  last_used_at: string | null;
  reconnect_notified_at: string | null;
  /** JSON, provider-specific and not secret (Apple: discovered CalDAV/CardDAV homes). */
  settings: string | null;
}

export interface ConnectionServicesTable {
  connection_id: string;
  service_type: 'email' | 'calendar' | 'contacts';
  /** 1 or 0: SQLite has no boolean. */
  is_enabled: number;
  /** Space-separated: read, write. */
  permissions: string;
  /** JSON object. */
  metadata: string;
  updated_at: string;
}

export interface AssistantAccessLogTable {
  id: string;
  caller: string;
  /** What the service did: lookup_user, access_token, record_usage, calendar_list, mail_send, ... */
  action: string;
  user_id: string | null;
  connection_id: string | null;
  outcome: string;
  created_at: string;
}

export interface BillingAccountsTable {
  user_id: string;
  customer_id: string | null;
  trial_started_at: string | null;
  trial_ends_at: string | null;
  checkout_session_id: string | null;
  card_last4: string | null;
  card_brand: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  synced_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface BillingSubscriptionsTable {
  id: string;
  user_id: string;
  plan_id: string;
  price_id: string | null;
  status: string;
  current_period_start: string;
  current_period_end: string;
  /** 0 or 1 (SQLite has no boolean). */
  cancel_at_period_end: number;
  created_at: string;
  updated_at: string;
}

export interface BillingInvoicesTable {
  id: string;
  user_id: string;
  date: string;
  description: string;
  amount_cents: number;
  currency: string;
  status: string;
  pdf_url: string | null;
  updated_at: string;
}

export interface BillingWebhookEventsTable {
  id: string;
  type: string;
  received_at: string;
}

export interface LocalPaymentObjectsTable {
  id: string;
  kind: 'customer' | 'checkout_session' | 'portal_session' | 'subscription' | 'invoice';
  customer_id: string | null;
  idempotency_key: string | null;
  /** The object as JSON. */
  data: string;
  created_at: string;
}

export interface Database {
  dev_outbox: DevOutboxTable;
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  phone_send_locks: PhoneSendLocksTable;
  contact_messages: ContactMessagesTable;
  mail_outbox: MailOutboxTable;
  one_time_state: OneTimeStateTable;
  connections: ConnectionsTable;
  connection_services: ConnectionServicesTable;
  assistant_access_log: AssistantAccessLogTable;
  usage_events: UsageEventsTable;
  usage_hourly: UsageHourlyTable;
  usage_alerts: UsageAlertsTable;
  billing_accounts: BillingAccountsTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_invoices: BillingInvoicesTable;
  billing_webhook_events: BillingWebhookEventsTable;
  local_payment_objects: LocalPaymentObjectsTable;
  security_events: SecurityEventsTable;
  retained_invoices: RetainedInvoicesTable;
  sample_workspace_items: SampleWorkspaceItemsTable;
  sample_workspace_owners: SampleWorkspaceOwnersTable;
  jobs: JobsTable;
  assistant_messages: AssistantMessagesTable;
  assistant_turns: AssistantTurnsTable;
  assistant_tool_calls: AssistantToolCallsTable;
  assistant_approvals: AssistantApprovalsTable;
  sms_opt_outs: SmsOptOutsTable;
  assistant_notices: AssistantNoticesTable;
  sms_reply_counts: SmsReplyCountsTable;
  assistant_settings: AssistantSettingsTable;
  assistant_memories: AssistantMemoriesTable;
  assistant_follow_ups: AssistantFollowUpsTable;
  assistant_help_days: AssistantHelpDaysTable;
  assistant_reminders: AssistantRemindersTable;
  feed_subscriptions: FeedSubscriptionsTable;
  scheduling_requests: SchedulingRequestsTable;
}

/** One job of the durable queue (lib/jobs, migration 0012). */
export interface JobsTable {
  id: string;
  kind: string;
  /** The idempotency key: one job per key, however often it is enqueued. */
  key: string;
  /** JSON; checked with the handler's schema when the job runs. */
  payload: string;
  /** pending until a handler succeeds (done) or the attempts run out (failed). */
  status: 'pending' | 'done' | 'failed';
  /** Claims so far, the current one included. */
  attempts: Generated<number>;
  /** Not claimed before this time (a retry's back-off). */
  run_at: string;
  /** The worker holding the claim, and until when; an expired claim is taken again. */
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  done_at: string | null;
}

/** One event, mail or contact of a local stand-in's sample workspace (migration 0011). */
export interface SampleWorkspaceItemsTable {
  /** `<provider>:<account id at the provider>`; Apple: `apple:<Apple ID, lowercased>`. */
  owner: string;
  kind: 'event' | 'mail' | 'contact';
  id: string;
  /** What a listing orders by: an event's start, a mail's date (ISO), a contact's name. */
  sort_key: string;
  /** The item as JSON. */
  data: string;
  created_at: string;
  updated_at: string;
}

/** An owner whose sample workspace was made. */
export interface SampleWorkspaceOwnersTable {
  owner: string;
  seeded_at: string;
}

export interface SecurityEventsTable {
  id: string;
  user_id: string;
  kind: string;
  /** JSON of the contract's ZSecurityEventDetail. */
  detail: string | null;
  user_agent: string | null;
  network: string | null;
  created_at: string;
}

/** An invoice of a deleted account, kept because the law says so, without the person. */
export interface RetainedInvoicesTable {
  id: string;
  customer_id: string | null;
  date: string;
  description: string;
  amount_cents: number;
  currency: string;
  status: string;
  retained_at: string;
}

export interface UsageEventsTable {
  id: string;
  user_id: string;
  idempotency_key: string;
  tokens: number;
  occurred_at: string;
  recorded_at: string;
}

/** Tokens per person per UTC hour (`hour` is the ISO time the hour starts). */
export interface UsageHourlyTable {
  user_id: string;
  hour: string;
  /** bigint in PostgreSQL, which node-pg hands back as a string. */
  tokens: number | string;
}

export interface UsageAlertsTable {
  user_id: string;
  period_start: string;
  /** Percent of the plan's tokens: 80 or 100. */
  threshold: number;
  /** How the person was told ('sms', 'email'), null when they have neither. */
  channel: string | null;
  created_at: string;
}

export interface AssistantMessagesTable {
  id: string;
  user_id: string | null;
  direction: 'in' | 'out';
  channel: 'sms' | 'whatsapp';
  /** E.164, without the channel prefix. */
  phone: string;
  body: string;
  provider_sid: string | null;
  turn_id: string | null;
  status: string | null;
  /** in: text; out: reply, approval, briefing, reminder, greeting, notice; null before issue 22. */
  kind: ColumnType<string | null, string | null | undefined, string | null>;
  /** The whole answer when `body` was cut to fit the SMS segments. */
  full_body: ColumnType<string | null, string | null | undefined, string | null>;
  /** Inbound: why no answer was given (the gate's reason); null when answered or not yet. */
  unanswered: ColumnType<string | null, string | null | undefined, string | null>;
  /** Outbound: when the SMS provider took it; null before, and for one never sent. */
  sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Outbound: the approval this text asks for. */
  approval_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}
export interface AssistantTurnsTable {
  id: string;
  user_id: string;
  inbound_message_id: string;
  model: string;
  steps: number;
  input_tokens: number;
  output_tokens: number;
  /** Input tokens the provider read from its cache (migration 0021). */
  cached_input_tokens: ColumnType<number, number | undefined, number>;
  /** The tokens the plan counted: cached input at the provider's rate; null before 0021. */
  billed_tokens: ColumnType<number | null, number | null | undefined, number | null>;
  duration_ms: number;
  outcome: string;
  created_at: string;
}
export interface AssistantToolCallsTable {
  id: string;
  turn_id: string;
  user_id: string;
  tool: string;
  input: string;
  output: string;
  created_at: string;
}
export interface AssistantApprovalsTable {
  id: string;
  user_id: string;
  turn_id: string;
  tool: string;
  /** JSON: the tool's checked input. */
  input: string;
  preview: string;
  status: 'pending' | 'approved' | 'done' | 'failed' | 'declined' | 'expired' | 'superseded';
  result: string | null;
  expires_at: string;
  decided_at: string | null;
  /** sms or web. */
  decided_via: ColumnType<'sms' | 'web' | null, 'sms' | 'web' | null | undefined, 'sms' | 'web' | null>;
  /** JSON: the approval's structured details (assistant/approval-details.ts). */
  details: ColumnType<string | null, string | null | undefined, string | null>;
  /** sms or whatsapp: where its request was sent; a YES counts only on it. Null until then. */
  channel: ColumnType<
    'sms' | 'whatsapp' | null,
    'sms' | 'whatsapp' | null | undefined,
    'sms' | 'whatsapp' | null
  >;
  /** What "YES 2" names while several are pending. */
  number: ColumnType<number | null, number | null | undefined, number | null>;
  /** The newer approval that replaced it (status superseded). */
  replaced_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}
export interface SmsOptOutsTable {
  phone_hash: string;
  opted_out_at: string;
}
/** Replies to unknown numbers per window (migration 0017): the SMS-pumping caps. */
export interface SmsReplyCountsTable {
  period: string;
  count: number;
}
export interface AssistantNoticesTable {
  phone_hash: string;
  kind: string;
  period: string;
  sent_at: string;
}
export interface AssistantSettingsTable {
  user_id: string;
  /** Opaque: what job keys and payloads carry instead of the person's id. */
  id: string;
  paused: number;
  quiet_start: string | null;
  quiet_end: string | null;
  briefing_time: string | null;
  reminder_lead_minutes: number | null;
  greeted_phone: string | null;
  /** No longer read or written (migration 0025 replaced it by `reminders_next_at`). */
  reminders_scanned_at: string | null;
  /** When the next briefing is due, as last worked out; null: to be worked out (migration 0023). */
  briefing_next_at: string | null;
  /** When the calendars are next looked at for event reminders; null: now (migration 0025). */
  reminders_next_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Opt-in help texts (issue 31, migration 0024): 1 on, 0 off (the default). */
  help_replies: Generated<number>;
  help_important: Generated<number>;
  help_overlaps: Generated<number>;
  updated_at: string;
}

/** Help texts sent to a person on one local day (issue 31, migration 0024): the daily cap's count. */
export interface AssistantHelpDaysTable {
  user_id: string;
  day: string;
  sent: number;
}

/** A fact the assistant remembers about the person (issue 30, migration 0020). */
export interface AssistantMemoriesTable {
  id: string;
  user_id: string;
  text: string;
  /** text: grounded in the person's own text; approved: proposed from content read, saved by their YES. */
  source: 'text' | 'approved';
  evidence_message_id: string | null;
  /** The person's text it came from, kept. */
  evidence: string;
  created_at: string;
  updated_at: string;
}

/** A watch on a mail thread or a sender (issue 30, migration 0019). */
export interface AssistantFollowUpsTable {
  id: string;
  user_id: string;
  connection_id: string | null;
  thread_id: string | null;
  counterpart_email: string | null;
  counterpart_name: string | null;
  subject: string;
  since: string;
  deadline_at: string | null;
  next_check_at: string | null;
  state: 'watching' | 'replied' | 'nudged' | 'cancelled' | 'expired';
  evidence_message_id: string | null;
  fired_at: string | null;
  created_at: string;
}

/** A request to find a time with other people (issue 32, migration 0026); JSON columns as text. */
export interface SchedulingRequestsTable {
  id: string;
  user_id: string;
  connection_id: string;
  title: string;
  duration_minutes: number;
  attendees: string;
  proposed: string;
  approved: string | null;
  thread_id: string | null;
  message_id: string | null;
  subject: string | null;
  status: 'proposed' | 'asked' | 'booked' | 'needs_person' | 'cancelled' | 'expired';
  answers: string;
  chase_due_at: string | null;
  booked_event_id: string | null;
  booked_slot: number | null;
  /** Tentative holds of the offered slots (migration 0027): null when not asked for, else JSON `[{slot, eventId}]`. */
  holds: string | null;
  created_at: string;
  updated_at: string;
}

/** A reminder or routine the person asked for by text or on the screen (migration 0018). */
export interface AssistantRemindersTable {
  id: string;
  user_id: string;
  kind: 'once' | 'routine';
  what: string;
  action: 'text' | 'agent';
  rrule: string | null;
  /** The first occurrence, a wall-clock time in `zone` (YYYY-MM-DDTHH:mm). */
  start_local: string;
  zone: string;
  due_at: string | null;
  evidence_message_id: string | null;
  evidence: string;
  state: 'active' | 'done' | 'cancelled';
  last_fired_at: string | null;
  last_outcome: string | null;
  created_at: string;
  updated_at: string;
}

/** A change-feed subscription: one per connection and resource (issue 31, migration 0022). */
export interface FeedSubscriptionsTable {
  id: string;
  user_id: string;
  connection_id: string;
  provider: 'google' | 'microsoft' | 'apple';
  resource: 'calendar' | 'mail';
  /** Ours, named by the provider's notifications; unique. */
  channel_id: string;
  /** SHA-256 (hex) of the shared secret the provider echoes. */
  secret: string;
  external_id: string | null;
  cursor: string | null;
  expires_at: string | null;
  next_poll_at: string | null;
  /** active: push works (or the feed is polled by design); polling: push lapsed, slow poll. */
  state: 'active' | 'polling';
  failures: Generated<number>;
  /** When the person was told that the feed keeps failing; once per run of failures. */
  told_at: string | null;
  created_at: string;
  updated_at: string;
}
