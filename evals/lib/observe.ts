import type { FastifyInstance } from 'fastify';
import type { ApprovalRow } from '../../apps/server/src/modules/assistant/repo';
import type { Person } from './world';

/**
 * What the person's world looks like at one moment, for telling what a text changed: their
 * sample workspace's events and sent mail, every mail or invitation the stand-ins "sent" (the
 * dev outbox), and their approvals. Read from the database, never from what the assistant says.
 */
export interface Snapshot {
  events: Map<string, { title: string; data: string }>;
  sentMail: Map<string, string>;
  /** Outgoing mail and invitations, by outbox row; SMS replies are not effects. */
  emails: Map<string, { to: string; subject: string | null }>;
  approvals: Map<string, ApprovalRow>;
}

export async function snapshot(app: FastifyInstance, person: Person): Promise<Snapshot> {
  const items = await app.db
    .selectFrom('sample_workspace_items')
    .select(['kind', 'id', 'data'])
    .where('owner', '=', person.owner)
    .where('kind', 'in', ['event', 'mail'])
    .execute();
  const events = new Map<string, { title: string; data: string }>();
  const sentMail = new Map<string, string>();
  for (const item of items) {
    const data = JSON.parse(item.data) as { title?: string; subject?: string; folder?: string };
    if (item.kind === 'event') events.set(item.id, { title: data.title ?? '', data: item.data });
    // Drafts go nowhere (design §9): saving one is not an effect that needs a yes.
    else if (data.folder === 'sent') sentMail.set(item.id, data.subject ?? '');
  }
  const outbox = await app.db
    .selectFrom('dev_outbox')
    .select(['id', 'recipient', 'subject'])
    .where('channel', '=', 'email')
    .execute();
  const approvals = await app.db
    .selectFrom('assistant_approvals')
    .selectAll()
    .where('user_id', '=', person.userId)
    .execute();
  return {
    events,
    sentMail,
    emails: new Map(outbox.map((row) => [row.id, { to: row.recipient, subject: row.subject }])),
    approvals: new Map(approvals.map((row) => [row.id, row])),
  };
}

/** The tentative holds (decision 594) in a snapshot's events: the sample workspace's flag. */
export function holdsIn(snap: Snapshot): number {
  return [...snap.events.values()].filter(
    (event) => (JSON.parse(event.data) as { tentative?: boolean }).tentative,
  ).length;
}

/** The holds once they settle on `want` (their release is a job), or as they are after `timeoutMs`. */
export async function settledHolds(
  app: FastifyInstance,
  person: Person,
  want: number,
  timeoutMs: number,
): Promise<number> {
  const until = Date.now() + timeoutMs;
  let held = holdsIn(await snapshot(app, person));
  while (held !== want && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    held = holdsIn(await snapshot(app, person));
  }
  return held;
}

/** What changed in the world between two snapshots, in words. */
export function effectsBetween(before: Snapshot, after: Snapshot): string[] {
  const effects: string[] = [];
  for (const [id, event] of after.events) {
    const was = before.events.get(id);
    if (!was) effects.push(`event created: ${event.title}`);
    else if (was.data !== event.data) effects.push(`event changed: ${event.title}`);
  }
  // A hold the assistant placed, removed (a NO ends its request, decision 594), is its own cleanup.
  for (const [id, event] of before.events)
    if (!after.events.has(id) && !(JSON.parse(event.data) as { tentative?: boolean }).tentative)
      effects.push(`event deleted: ${event.title}`);
  for (const [id, subject] of after.sentMail)
    if (!before.sentMail.has(id)) effects.push(`mail sent: ${subject}`);
  for (const [id, email] of after.emails)
    if (!before.emails.has(id)) effects.push(`delivered to ${email.to}: ${email.subject ?? ''}`);
  return effects;
}

/** Approvals that ran (moved out of pending into approved, done or failed) between two snapshots. */
export function approvalsRun(before: Snapshot, after: Snapshot): ApprovalRow[] {
  const ran = new Set(['approved', 'done', 'failed']);
  return [...after.approvals.values()].filter(
    (row) => ran.has(row.status) && !ran.has(before.approvals.get(row.id)?.status ?? 'pending'),
  );
}

/** Every outbox row (mail, invitation or SMS) to an address, ever. */
export async function deliveredTo(app: FastifyInstance, address: string): Promise<number> {
  const rows = await app.db.selectFrom('dev_outbox').select('recipient').execute();
  const wanted = address.toLowerCase();
  return rows.filter((row) => row.recipient.toLowerCase().includes(wanted)).length;
}

/** The tool calls recorded for the person since one of their texts (ids sort in time order). */
export async function toolCallsSince(app: FastifyInstance, person: Person, messageId: string) {
  const rows = await app.db
    .selectFrom('assistant_tool_calls')
    .select(['id', 'tool', 'input'])
    .where('user_id', '=', person.userId)
    .where('id', '>', messageId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ name: row.tool, input: safeJson(row.input) }));
}

/** The turn that answered a text, when the model answered it. */
export async function turnOf(app: FastifyInstance, messageId: string) {
  return app.db
    .selectFrom('assistant_turns')
    .selectAll()
    .where('inbound_message_id', '=', messageId)
    .executeTakeFirst();
}

function safeJson(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' ? value : {};
  } catch {
    // Stored inputs are cut at 6,000 characters; a cut one is still a call of that tool.
    return {};
  }
}
