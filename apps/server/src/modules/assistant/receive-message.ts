import { newId } from '../../lib/ids';
import type { Jobs } from '../../lib/jobs/plugin';
import type { SmsAddress } from '../../providers/sms/address';
import type { AssistantDeps } from './deps';

export const INBOUND_JOB = 'assistant.inbound';

export interface InboundText {
  from: SmsAddress;
  body: string;
  /** Twilio's MessageSid; the dev phone makes one up. Unique: a retried webhook is one message. */
  providerSid: string;
}

/**
 * Stores an inbound text and its job in one transaction, so a crash can lose neither one without
 * the other; the webhook answers as soon as this commits. A MessageSid seen before stores
 * nothing and queues nothing: Twilio retries, we answer once.
 */
export async function receiveMessage(
  deps: Pick<AssistantDeps, 'assistantRepo' | 'transaction' | 'clock'> & { jobs: Pick<Jobs, 'enqueue'> },
  text: InboundText,
): Promise<{ id: string; duplicate: boolean }> {
  const id = newId();
  const stored = await deps.transaction(async (tx) => {
    const fresh = await deps.assistantRepo.insertInbound(tx, {
      id,
      user_id: null,
      direction: 'in',
      channel: text.from.channel,
      phone: text.from.e164,
      body: text.body,
      provider_sid: text.providerSid,
      turn_id: null,
      status: null,
      kind: 'text',
      created_at: deps.clock.now().toISOString(),
    });
    if (fresh)
      await deps.jobs.enqueue(tx, { kind: INBOUND_JOB, key: `inbound:${id}`, payload: { messageId: id } });
    return fresh;
  });
  return { id, duplicate: !stored };
}
