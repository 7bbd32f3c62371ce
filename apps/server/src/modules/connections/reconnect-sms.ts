import { translate } from '../../lib/messages';
import { PROVIDER_NAMES } from '../../lib/provider-names';
import type { ConnectionsDeps } from './deps';
import type { ConnectionRow } from './repo';

/**
 * Texts the person that a connection broke, in their language, with a link that opens its
 * Reconnect: queued in the SMS outbox (retried there, never sent after STOP, and shown in the
 * person's conversation). Nobody to text is logged; a text that cannot be queued is logged and
 * never fails the caller, since the screen shows Reconnect either way.
 */
export async function textReconnect(
  deps: Pick<
    ConnectionsDeps,
    'usersRepo' | 'smsOutbox' | 'transaction' | 'clock' | 'productName' | 'publicUrl' | 'log'
  >,
  connection: ConnectionRow,
): Promise<void> {
  const user = await deps.usersRepo.findById(connection.user_id);
  if (!user?.phone_number) {
    deps.log.info(
      { connectionId: connection.id },
      'connection broke; the person has no phone number to tell',
    );
    return;
  }
  const body = translate(user.language, 'smsReconnect', {
    product: deps.productName,
    provider: PROVIDER_NAMES[connection.provider],
    email: connection.email,
    link: `${deps.publicUrl}/integrations?reconnect=${connection.provider}`,
  });
  const to = user.phone_number;
  try {
    await deps.transaction((trx) =>
      deps.smsOutbox.queue(trx, {
        userId: user.id,
        to: { channel: 'sms', e164: to },
        turnId: null,
        parts: [body],
        kind: 'notice',
        maxSegments: 3,
        more: '',
        // One text per break: the connection and the moment it was found broken.
        key: `reconnect:${connection.id}:${deps.clock.now().toISOString()}`,
      }),
    );
  } catch (error) {
    deps.log.error({ connectionId: connection.id, err: error }, 'reconnect SMS could not be queued');
  }
}
