import { translate } from '../../lib/messages';
import { PROVIDER_NAMES } from '../../lib/provider-names';
import type { ConnectionsDeps } from './deps';
import type { ConnectionRow } from './repo';

/**
 * Texts the person that a connection broke, in their language, with a link that opens its
 * Reconnect. Nobody to text is logged; a text that fails is logged and never fails the caller,
 * since the screen shows Reconnect either way.
 */
export async function textReconnect(
  deps: Pick<ConnectionsDeps, 'usersRepo' | 'sms' | 'productName' | 'publicUrl' | 'log'>,
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
  try {
    await deps.sms.send({ to: user.phone_number, body });
  } catch (error) {
    deps.log.error({ connectionId: connection.id, err: error }, 'reconnect SMS could not be sent');
  }
}
