import type { MemoryRow } from '../memory/repo';
import { defineTool, type ToolEnv } from './shared';

/** The person's own text asks to forget (decision 434): nothing read can make a memory go. */
const FORGET_WORDS = /\b(?:forget|delete|remove|erase|drop)\b|忘|删|别记|不要记|不用记/i;

const wordsOf = (text: string) =>
  (text.toLowerCase().match(/[a-z0-9]{3,}|[\u3400-\u9fff]/gu) ?? []).filter(
    (w) => !['my', 'the', 'about', 'that', 'memory', '我的', '我'].includes(w),
  );

/** The memories whose words hold every word of `about` (compared by their first five letters). */
function matching(rows: MemoryRow[], about: string): MemoryRow[] {
  const wanted = wordsOf(about).map((w) => w.slice(0, 5));
  if (wanted.length === 0) return [];
  return rows.filter((row) => {
    const have = wordsOf(row.text).map((w) => w.slice(0, 5));
    return wanted.every((w) => have.includes(w));
  });
}

/**
 * Forgets one memory: by id, by words of it ("my wife's email"), or, with neither, the one saved
 * last ("forget that"). Only when the person's own text of the turn asks to forget.
 */
export const memoryForget = (env: ToolEnv) =>
  defineTool(env, 'memory_forget', 'Forgets one memory.', async (input) => {
    const { deps, ctx } = env;
    const userId = ctx.user.id;
    const own = (await deps.assistantRepo.unanswered(userId)).map((m) => m.body).join('\n');
    if (!FORGET_WORDS.test(own))
      return { error: 'rejected', message: 'Only the person’s own text can ask to forget a memory.' };
    let row: MemoryRow | undefined;
    if (input.id) row = await deps.memoryRepo.find(userId, input.id);
    else if (input.about) {
      const found = matching(await deps.memoryRepo.list(userId), input.about);
      if (found.length > 1)
        return {
          error: 'ambiguous',
          message: 'Several memories match: ask which one.',
          memories: found.map((m) => ({ id: m.id, memory: m.text })),
        };
      row = found[0];
    } else row = await deps.memoryRepo.latest(userId);
    if (!row || !(await deps.memoryRepo.delete(userId, row.id)))
      return { error: 'not_found', message: 'No such memory.' };
    return { forgotten: { id: row.id, memory: row.text } };
  });
