import type { TMailAddress } from '@app/contract/workspace/mail';

/**
 * Whether one of the person's own memories marks the sender as someone who matters (decision 496):
 * deterministic, no model. A memory counts when it carries an importance cue AND names the sender:
 * their exact address, or their display name as whole words (a full name, or a single name of at
 * least three letters). Memories are the person's own words (issue 30); mail never writes them.
 */
const CUES = [
  /\bimportant\b/i,
  /\bmatters?\b/i,
  /\bpriority\b/i,
  /\bvip\b/i,
  /\balways tell me\b/i,
  /\btell me (?:right away|at once|when)\b/i,
  /重要/,
  /优先/,
  /马上告诉我/,
  /第一时间/,
];

export function marksImportant(memory: string): boolean {
  return CUES.some((cue) => cue.test(memory));
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function namesSender(memory: string, from: TMailAddress): boolean {
  const text = memory.toLowerCase();
  const email = from.email.trim().toLowerCase();
  if (email && text.includes(email)) return true;
  const name = (from.name ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  if (!name) return false;
  // CJK names have no word boundaries: two characters or more, found as written.
  if (/[\u4e00-\u9fff]/.test(name)) return name.length >= 2 && text.includes(name);
  if (name.length < 3) return false;
  const whole = (words: string) =>
    new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegex(words)}($|[^\\p{L}\\p{N}])`, 'u');
  if (whole(name).test(text)) return true;
  // "Sam" in a memory names "Sam Lee": people tell the assistant first names.
  const first = name.split(' ')[0]!;
  return first.length >= 3 && name.includes(' ') && whole(first).test(text);
}

/** Whether any memory marks the sender as important. */
export function importantSender(memories: readonly string[], from: TMailAddress | null): boolean {
  if (!from) return false;
  return memories.some((memory) => marksImportant(memory) && namesSender(memory, from));
}
