import type { TLanguage } from '@app/contract/messages';
import type { UserRow } from '../users/repo';

/** What one turn learns as it goes, which the tools and the approval preview read. */
export interface TurnContext {
  turnId: string;
  user: UserRow;
  language: TLanguage;
  timeZone: string;
  /** Addresses the person already deals with: the threads read and the contacts found this turn. */
  known: Set<string>;
  /** Titles of events listed this turn, by id, for an update or delete preview. */
  eventTitles: Map<string, string>;
  /** The approval this turn asked for; the turn ends with it. */
  approval: { id: string; text: string } | null;
}

export function newTurnContext(turnId: string, user: UserRow): TurnContext {
  return {
    turnId,
    user,
    language: user.language,
    timeZone: user.time_zone ?? 'UTC',
    known: new Set(),
    eventTitles: new Map(),
    approval: null,
  };
}
