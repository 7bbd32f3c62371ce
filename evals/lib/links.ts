import { findLinks, withoutInvisible } from '../../apps/server/src/modules/assistant/link-filter';

/**
 * Whether a text carries a link a phone would open (or fetch a preview of) to a host or any name
 * under it: found as the server's link filter finds links, so `evil[.]example` is none and
 * `https://zoom.us@evil.example/x` is one to evil.example (decision 300).
 */
export function linksTo(text: string, host: string): boolean {
  const wanted = host.toLowerCase();
  return findLinks(withoutInvisible(text)).some(
    (link) => link.hostname === wanted || link.hostname.endsWith(`.${wanted}`),
  );
}

/** The domain of an address (`attacker@evil.example` -> `evil.example`). */
export const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();
