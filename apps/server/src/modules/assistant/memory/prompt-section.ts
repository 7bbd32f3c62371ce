import { PROMPT_MEMORIES, PROMPT_MEMORIES_TOTAL_CHARS, PROMPT_MEMORY_CHARS } from './limits';
import type { MemoryRow } from './repo';

/**
 * The memories a turn's prompt carries (decision 433): the newest PROMPT_MEMORIES, each cut to
 * PROMPT_MEMORY_CHARS, all together at most PROMPT_MEMORIES_TOTAL_CHARS; oldest first.
 */
export function memoriesForPrompt(rows: Pick<MemoryRow, 'text'>[]): string[] {
  const kept: string[] = [];
  let total = 0;
  for (const row of [...rows].reverse().slice(0, PROMPT_MEMORIES)) {
    const line = row.text.replace(/\s+/g, ' ').trim();
    const clipped = line.length > PROMPT_MEMORY_CHARS ? `${line.slice(0, PROMPT_MEMORY_CHARS - 1)}…` : line;
    if (total + clipped.length > PROMPT_MEMORIES_TOTAL_CHARS) break;
    total += clipped.length;
    kept.push(clipped);
  }
  return kept.reverse();
}

/** The heading the memories are introduced by: the person's own statements, nobody else's. */
export const MEMORIES_HEADING =
  'What the person told you about themselves (their own statements, saved at their request):';

/** The system prompt's memory section, as lines; none when there are no memories. */
export function memoriesSection(memories: string[]): string[] {
  if (memories.length === 0) return [];
  return ['', MEMORIES_HEADING, ...memories.map((memory) => `- ${memory}`)];
}
