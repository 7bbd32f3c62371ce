import type { TLanguage } from '@app/contract/messages';
import type { UserRow } from '../users/repo';

/** What one turn learns as it goes, which the tools and the approval preview read. */
export interface TurnContext {
  turnId: string;
  user: UserRow;
  language: TLanguage;
  timeZone: string;
  /**
   * Addresses in the person's contacts found this turn. Addresses only seen in content the turn
   * read (a mail, a thread, an event) are never added: see tools/known-recipients.ts.
   */
  known: Set<string>;
  /** Words code adds to the turn's answer, whatever the model says (a draft to someone new). */
  notes: string[];
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
    notes: [],
    approval: null,
  };
}
