import { MAX_MEMORY_TEXT, type TAssistantMemory } from '@app/contract/assistant/memory';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, RowSkeletons } from '@/components/query-states';
import { SectionCard } from '@/components/section-card';
import { useAssistantMemories, useChangeMemory } from '../api/assistant-memories';
import classes from './assistant.module.css';

/**
 * What the assistant remembers about the person (issue 30, part 5): each memory with the text it
 * came from ("You said: …"), to read, edit and delete. Saved only from the person's own texts, or
 * by their YES to a proposal from something the assistant read.
 */
export function MemoryCard() {
  const { t } = useTranslation('assistant');
  const memories = useAssistantMemories();
  const list = memories.data?.memories ?? [];
  return (
    <SectionCard
      title={t('memory.title')}
      description={t('memory.description')}
      action={
        memories.data ? (
          <Text fz="sm" c="dimmed">
            {t('memory.count', { count: list.length, limit: memories.data.limit })}
          </Text>
        ) : null
      }
    >
      {memories.isPending ? (
        <RowSkeletons rows={2} height={48} />
      ) : memories.isError && !memories.data ? (
        <LoadFailed text={t('memory.loadFailed')} onRetry={() => void memories.refetch()} />
      ) : list.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('memory.empty')}
        </Text>
      ) : (
        <ul className={classes.rows}>
          {list.map((memory) => (
            <MemoryRow key={memory.id} memory={memory} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function MemoryRow({ memory }: { memory: TAssistantMemory }) {
  const { t } = useTranslation('assistant');
  const change = useChangeMemory();
  const [draft, setDraft] = useState<string | null>(null);
  const failed = change.isError;
  if (draft !== null) {
    const text = draft.trim();
    return (
      <li>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!text) return;
            change.mutate({ id: memory.id, text }, { onSuccess: () => setDraft(null) });
          }}
        >
          <Stack gap="xs">
            <TextInput
              label={t('memory.editLabel')}
              value={draft}
              maxLength={MAX_MEMORY_TEXT}
              onChange={(event) => setDraft(event.currentTarget.value)}
              error={!text ? t('memory.emptyText') : undefined}
              data-autofocus
            />
            <Group gap="xs">
              <Button type="submit" size="sm" loading={change.isPending} disabled={!text}>
                {t('memory.save')}
              </Button>
              <Button variant="default" size="sm" onClick={() => setDraft(null)}>
                {t('memory.cancel')}
              </Button>
            </Group>
            {failed ? (
              <Text fz="sm" c="red.9" role="alert">
                {t('memory.failed')}
              </Text>
            ) : null}
          </Stack>
        </form>
      </li>
    );
  }
  return (
    <li>
      <Stack gap={4}>
        <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {memory.text}
        </Text>
        <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {memory.source === 'text'
            ? t('memory.youSaid', { text: memory.evidence })
            : t('memory.approved', { text: memory.evidence })}
        </Text>
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            aria-label={t('memory.editNamed', { text: memory.text })}
            onClick={() => {
              change.reset();
              setDraft(memory.text);
            }}
          >
            {t('memory.edit')}
          </Button>
          <Button
            variant="subtle"
            color="gray"
            c="red.9"
            size="compact-sm"
            aria-label={t('memory.deleteNamed', { text: memory.text })}
            loading={change.isPending}
            onClick={() => change.mutate({ id: memory.id, remove: true })}
          >
            {t('memory.delete')}
          </Button>
        </Group>
        {failed ? (
          <Text fz="sm" c="red.9" role="alert">
            {t('memory.failed')}
          </Text>
        ) : null}
      </Stack>
    </li>
  );
}
