import { newId } from '../../../lib/ids';
import { MAX_MEMORIES } from './limits';
import type { MemoryRepo, MemoryRow } from './repo';

export interface NewMemory {
  userId: string;
  text: string;
  source: 'text' | 'approved';
  evidenceMessageId: string | null;
  evidence: string;
  now: Date;
}

/**
 * Saves one memory: the same fact said again is the one already kept; past MAX_MEMORIES nothing
 * is saved ('full'), and the caller says so (forget one first).
 */
export async function saveMemory(repo: MemoryRepo, memory: NewMemory): Promise<MemoryRow | 'full'> {
  const text = memory.text.replace(/\s+/g, ' ').trim();
  const existing = await repo.list(memory.userId);
  const same = existing.find((row) => row.text.toLowerCase() === text.toLowerCase());
  if (same) return same;
  if (existing.length >= MAX_MEMORIES) return 'full';
  const nowIso = memory.now.toISOString();
  const row: MemoryRow = {
    id: newId(),
    user_id: memory.userId,
    text,
    source: memory.source,
    evidence_message_id: memory.evidenceMessageId,
    evidence: memory.evidence,
    created_at: nowIso,
    updated_at: nowIso,
  };
  await repo.insert(row);
  return row;
}
