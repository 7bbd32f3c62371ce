import type { TSampleChange, TSampleChangeResponse } from '@app/contract/dev/sample-world';
import { Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useChangeSample } from '../api/change-sample';

const ACTIONS = ['reply', 'mail', 'later', 'cancel'] as const;
type Action = (typeof ACTIONS)[number];

/** The sample's contact a person of this language knows as the one they write with most. */
const DEFAULT_WHO = { en: 'Sam', zh: '李明' } as const;

function changeOf(action: Action, who: string): TSampleChange {
  if (action === 'reply' || action === 'mail') return { kind: action, who };
  return { kind: 'event', change: action };
}

/**
 * Makes the linked person's sample workspace move (issue 30, part 7), so follow-ups and
 * reminders can be seen offline: a contact's reply in the last thread with them, a new mail, or
 * their next event an hour later or cancelled. Only while the workspace is a local stand-in.
 */
export function SampleWorldControl({ phone, language }: { phone: string; language: 'en' | 'zh' }) {
  const { t } = useTranslation('dev');
  const [action, setAction] = useState<Action>('reply');
  const [who, setWho] = useState<string>(DEFAULT_WHO[language]);
  const change = useChangeSample();
  const needsWho = action === 'reply' || action === 'mail';

  const done = (answer: TSampleChangeResponse) => {
    if (action === 'cancel') return t('world.cancelled', { title: answer.name });
    if (action === 'later') return t('world.moved', { title: answer.name });
    return t('world.delivered', { who: answer.name, subject: answer.detail ?? '' });
  };
  const failed = (error: unknown) =>
    error instanceof ApiError && error.status === 404 ? t('world.notFound') : errorText(error);

  return (
    <form
      aria-label={t('world.label')}
      onSubmit={(event) => {
        event.preventDefault();
        if (needsWho && who.trim() === '') return;
        change.mutate({ phone, change: changeOf(action, who.trim()) });
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap" mt="xs">
        <NativeSelect
          label={t('world.actionLabel')}
          size="xs"
          value={action}
          onChange={(event) => {
            setAction(event.currentTarget.value as Action);
            change.reset();
          }}
          data={ACTIONS.map((value) => ({ value, label: t(`world.actions.${value}`) }))}
          style={{ flex: 2 }}
        />
        {needsWho ? (
          <TextInput
            label={t('world.whoLabel')}
            size="xs"
            value={who}
            onChange={(event) => setWho(event.currentTarget.value)}
            style={{ flex: 1 }}
            autoComplete="off"
          />
        ) : null}
        <Button type="submit" size="xs" loading={change.isPending} disabled={needsWho && who.trim() === ''}>
          {t('world.go')}
        </Button>
      </Group>
      <Text size="xs" c={change.isError ? 'red' : 'dimmed'} role="status" mt={4} mih={18}>
        {change.isSuccess ? done(change.data) : change.isError ? failed(change.error) : ''}
      </Text>
    </form>
  );
}
