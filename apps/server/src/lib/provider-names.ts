import type { TProvider } from '@app/contract/common';

/** How a provider is named to people (screens, texts, support mail, the local sign-in page). */
export const PROVIDER_NAMES: Record<TProvider, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  facebook: 'Facebook',
  apple: 'Apple iCloud',
};
