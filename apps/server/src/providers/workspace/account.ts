import type { TLanguage } from '@app/contract/messages';
import type { IcloudHomes } from '../icloud/icloud';

/** How an adapter reaches one connected account: a bearer token, or Apple's DAV login. */
export type AccountAccess =
  | { kind: 'oauth'; accessToken: string }
  | { kind: 'dav'; appleId: string; password: string; homes: IcloudHomes };

/**
 * One connected account as every workspace adapter receives it. The person's zone and language
 * are here because a timed event written without a zone takes theirs, and the local stand-in
 * writes its sample workspace in them.
 */
export interface WorkspaceAccount {
  connectionId: string;
  provider: 'google' | 'microsoft' | 'apple';
  /** The account's own address: the From of what it sends, "self" among attendees. */
  email: string;
  access: AccountAccess;
  /** IANA zone; UTC when the person never set one. */
  timeZone: string;
  language: TLanguage;
}

/** The bearer token of an OAuth account; an adapter for Google or Microsoft never gets anything else. */
export function bearerOf(account: WorkspaceAccount): string {
  if (account.access.kind !== 'oauth') throw new Error(`${account.provider} has no bearer token`);
  return account.access.accessToken;
}
