import type { TProvider } from '@app/contract/common';
import type {
  TIntegrationStatus,
  TReconnectReason,
} from '@app/contract/integrations/get-integrations-status';
import type { MessageKey } from '@app/contract/messages';
import { IconBrandApple, IconBrandFacebook, IconBrandGoogle, IconBrandWindows } from '@tabler/icons-react';

/** The spec's rows, in its order; Facebook only when its state exists for this person (spec §2). */
export const ROW_PROVIDERS = [
  'google',
  'microsoft',
  'apple',
  'facebook',
] as const satisfies readonly TProvider[];

export const PROVIDER_ICONS = {
  google: IconBrandGoogle,
  microsoft: IconBrandWindows,
  apple: IconBrandApple,
  facebook: IconBrandFacebook,
} as const;

export const PROVIDER_COLORS = {
  google: 'red',
  microsoft: 'blue',
  apple: 'dark',
  facebook: 'indigo',
} as const;

export { SUCCESS_TEXT_COLOR, WARNING_COLOR } from '@/lib/colors';

/** What a row shows: the server's state, and a connection that works but may use nothing. */
export type RowState = TIntegrationStatus['status'] | 'nothing_granted';

/**
 * A connection whose every service was refused at the provider (Microsoft with each box
 * unticked) works, but the assistant can use nothing of it: that is not "Connected". A provider
 * without services (Facebook) grants none by nature.
 */
export function rowState(status: TIntegrationStatus): RowState {
  if (status.status !== 'connected') return status.status;
  const services = status.services;
  return services.length > 0 && services.every((s) => !s.isGranted) ? 'nothing_granted' : 'connected';
}

/** Facebook has no row of its own in the spec; it shows once the person has (or had) it connected. */
export function isRowShown(provider: TProvider, status: TIntegrationStatus): boolean {
  return provider !== 'facebook' || status.status !== 'not_connected';
}

const REASON_KEYS: Record<TReconnectReason, MessageKey> = {
  grant_revoked: 'reasonGrantRevoked',
  token_expired: 'reasonTokenExpired',
  apple_password_revoked: 'reasonApplePassword',
};

/** The catalogue key that explains why a connection broke; the generic one when no reason came. */
export function reasonKey(reason: TReconnectReason | null): MessageKey {
  return reason ? REASON_KEYS[reason] : 'needsReconnect';
}

/** `?reconnect=<provider>` from the reconnect SMS; anything else is ignored. */
export function parseReconnectParam(value: string | null): TProvider | null {
  const known: readonly string[] = ROW_PROVIDERS;
  if (value === 'azure') return 'microsoft';
  return value && known.includes(value) ? (value as TProvider) : null;
}
