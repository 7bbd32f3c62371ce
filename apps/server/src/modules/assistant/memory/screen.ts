import type { TAssistantMemoriesResponse, TAssistantMemory } from '@app/contract/assistant/memory';
import { AppError } from '../../../lib/app-error';
import { translate } from '../../../lib/messages';
import type { UserRow } from '../../users/repo';
import type { AssistantDeps } from '../deps';
import { MAX_MEMORIES } from './limits';
import type { MemoryRow } from './repo';

type MemoryDeps = Pick<AssistantDeps, 'memoryRepo' | 'clock'>;

export function describeMemory(row: MemoryRow): TAssistantMemory {
  return {
    id: row.id,
    text: row.text,
    source: row.source,
    evidence: row.evidence,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The Memory card's list: every memory of the signed-in person, with its evidence. */
export async function listMemories(deps: MemoryDeps, user: UserRow): Promise<TAssistantMemoriesResponse> {
  const rows = await deps.memoryRepo.list(user.id);
  return { memories: rows.map(describeMemory), limit: MAX_MEMORIES };
}

/**
 * The person rewrites a memory's words on the screen: theirs to change, as the person signed in
 * (a memory keeps its source and evidence; the person's edit is their own words either way).
 */
export async function editMemory(
  deps: MemoryDeps,
  input: { user: UserRow; id: string; text: string },
): Promise<{ memory: TAssistantMemory }> {
  const { user } = input;
  const text = input.text.replace(/\s+/g, ' ').trim();
  if (!(await deps.memoryRepo.updateText(user.id, input.id, text, deps.clock.now().toISOString())))
    throw new AppError('NOT_FOUND', translate(user.language, 'memoryNotFound'));
  const row = await deps.memoryRepo.find(user.id, input.id);
  if (!row) throw new AppError('NOT_FOUND', translate(user.language, 'memoryNotFound'));
  return { memory: describeMemory(row) };
}

export async function deleteMemory(
  deps: MemoryDeps,
  input: { user: UserRow; id: string },
): Promise<{ success: true }> {
  if (!(await deps.memoryRepo.delete(input.user.id, input.id)))
    throw new AppError('NOT_FOUND', translate(input.user.language, 'memoryNotFound'));
  return { success: true };
}
