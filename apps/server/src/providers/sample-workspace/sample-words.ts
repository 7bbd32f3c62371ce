import type { TLanguage } from '@app/contract/messages';
import { SAMPLE_WORDS_EN } from './sample-words-en';
import { SAMPLE_WORDS_ZH } from './sample-words-zh';

/**
 * The words of the sample workspace, one set per language, under the same keys: seed.ts places
 * them in time and links them (who wrote which mail, who comes to which meeting); these files
 * only say them. A key missing from one language is a type error.
 */
export const CONTACT_KEYS = [
  'priya',
  'sam',
  'mei',
  'daniel',
  'lucia',
  'tom',
  'aisha',
  'jonas',
  'grace',
  'marcus',
  'olivia',
  'hiroshi',
  'fatima',
  'ben',
  'elena',
  'noah',
  'chloe',
  'raj',
  'sofia',
  'dental',
] as const;
export type ContactKey = (typeof CONTACT_KEYS)[number];

export type EventKey =
  | 'standup'
  | 'review'
  | 'dentist'
  | 'call'
  | 'offsite'
  | 'lunch'
  | 'oneOnOne'
  | 'gym'
  | 'dinner';

export type MailKey =
  | 'question'
  | 'threadFirst'
  | 'threadReply'
  | 'threadLast'
  | 'briefToday'
  | 'briefYesterday'
  | 'briefEarlier'
  | 'weekendReads'
  | 'engineeringBlog'
  | 'libraryNews'
  | 'gardening'
  | 'running'
  | 'cafeReceipt'
  | 'orderShipped'
  | 'orderConfirmed'
  | 'rideReceipt'
  | 'invoice'
  | 'powerPaid'
  | 'phoneBill'
  | 'hotelBooking'
  | 'photos'
  | 'schoolEvening'
  | 'booksDue'
  | 'dentistReminder'
  | 'planningNotes'
  | 'reviewSlides'
  | 'callAgenda'
  | 'newSignIn'
  | 'plumbingQuote'
  | 'teamLunch'
  | 'floorPlans'
  | 'contractComments';

export interface ContactWords {
  name: string;
  /** At example.com, example.org or example.net only: nothing here may reach a real person. */
  emails: string[];
  organization: string | null;
}

export interface EventWords {
  title: string;
  location?: string;
  description?: string;
}

export interface MailWords {
  subject: string;
  text: string;
  /** A sender who is not among the contacts (a newsletter, a shop). */
  sender?: { name: string; email: string };
  attachment?: string;
}

export interface SampleWords {
  contacts: Record<ContactKey, ContactWords>;
  events: Record<EventKey, EventWords>;
  mails: Record<MailKey, MailWords>;
}

export const SAMPLE_WORDS: Record<TLanguage, SampleWords> = { en: SAMPLE_WORDS_EN, zh: SAMPLE_WORDS_ZH };
