import { searchContacts } from '../../workspace/contacts';
import { hasSentTo, ownAddresses } from '../../workspace/mail';
import { HISTORY_MESSAGES } from '../summary';
import type { ToolEnv } from './shared';

const ADDRESS = /[^\s@<>()[\]{}"',;:]+@[^\s@<>()[\]{}"',;:]+\.[^\s@<>()[\]{}"',;:.]+/g;

/** The addresses in a text, lower-cased. */
export function addressesIn(text: string): string[] {
  return [...text.matchAll(ADDRESS)].map((m) => m[0].toLowerCase());
}

/**
 * The addresses the person typed in their own texts: this turn's and the recent ones, and those in
 * the memories saved from their own words (source `text`). A memory they approved from something
 * read (source `approved`) does not count: its address came from a mail, not from them (decision 435).
 */
async function typedByPerson(env: ToolEnv): Promise<Set<string>> {
  const recent = await env.deps.assistantRepo.recent(env.ctx.user.id, HISTORY_MESSAGES);
  const memories = await env.deps.memoryRepo.list(env.ctx.user.id);
  return new Set([
    ...recent.filter((m) => m.direction === 'in').flatMap((m) => addressesIn(m.body)),
    ...memories.filter((m) => m.source === 'text').flatMap((m) => addressesIn(m.text)),
  ]);
}

/**
 * The recipients new to the person (issue 29, finding 2): an address is known only when it is in
 * their contacts (found this turn, or looked up now), they have sent mail to it before, or they
 * typed it in their own texts (and their own addresses are theirs). Being seen in a mail, thread or event the turn read is not enough:
 * that is how the address that planted an instruction would pass. A lookup that fails counts as
 * not known: the flag errs towards naming.
 */
export async function newRecipients(env: ToolEnv, recipients: string[]): Promise<string[]> {
  const { deps, ctx } = env;
  const userId = ctx.user.id;
  if (recipients.length === 0) return [];
  const typed = await typedByPerson(env);
  const own = new Set(await ownAddresses(deps.workspace, userId).catch(() => []));
  const isKnown = async (address: string): Promise<boolean> => {
    const key = address.toLowerCase();
    if (ctx.known.has(key) || typed.has(key) || own.has(key)) return true;
    const found = await searchContacts(deps.workspace, { userId, query: { q: address, limit: 5 } }).catch(
      () => null,
    );
    if (found?.contacts.some((c) => c.emails.some((e) => e.toLowerCase() === key))) return true;
    return hasSentTo(deps.workspace, { userId, address }).catch(() => false);
  };
  // Looked up side by side: up to 50 invitees must not eat the turn's deadline one by one.
  const known = await Promise.all(recipients.map(isKnown));
  return recipients.filter((_, i) => !known[i]);
}
