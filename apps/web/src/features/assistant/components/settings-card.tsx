import { REMINDER_LEAD_MINUTES, type TAssistantSettings } from '@app/contract/assistant/screen';
import { TOAST_MS } from '@app/contract/constants';
import {
  Button,
  Divider,
  Group,
  Input,
  NativeSelect,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, RowSkeletons } from '@/components/query-states';
import { SectionCard } from '@/components/section-card';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { detectedTimeZone, useAssistantSettings } from '../api/get-assistant-settings';
import { useUpdateAssistantSettings } from '../api/update-assistant-settings';
import {
  changedSettings,
  type SettingsDraft,
  timeZoneOptions,
  toDraft,
  validateDraft,
} from '../utils/settings-form';
import classes from './settings-card.module.css';

/** The assistant's settings, saved together with one button; only what changed is sent. */
export function SettingsCard() {
  const { t } = useTranslation('assistant');
  const settings = useAssistantSettings();
  const saved = settings.data?.settings;
  return (
    <SectionCard title={t('settings.title')} description={t('settings.description')}>
      {settings.isPending ? (
        <RowSkeletons rows={4} height={48} />
      ) : settings.isError || !saved ? (
        <LoadFailed text={t('settings.loadFailed')} onRetry={() => void settings.refetch()} />
      ) : (
        // A new saved state (this form's save, or another device's) starts the form afresh.
        <SettingsForm key={JSON.stringify(saved)} saved={saved} />
      )}
    </SectionCard>
  );
}

function SettingsForm({ saved }: { saved: TAssistantSettings }) {
  const { t, i18n } = useTranslation('assistant');
  const update = useUpdateAssistantSettings();
  const [draft, setDraft] = useState<SettingsDraft>(() => toDraft(saved));
  const form = useRef<HTMLFormElement>(null);
  const detected = detectedTimeZone();
  const zones = useMemo(() => timeZoneOptions(saved.timeZone, detected), [saved.timeZone, detected]);
  const errors = validateDraft(draft);
  const changes = changedSettings(saved, draft);
  const dirty = Object.keys(changes).length > 0;
  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const errorFor = (key: keyof typeof errors) => {
    const error = errors[key];
    return error ? t(`settings.errors.${error}`) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(errors).length > 0) {
      form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    if (!dirty) return;
    update.mutate(changes, {
      onSuccess: () => showToast('green', t('settings.saved'), TOAST_MS.default),
      onError: (error) => showToast('red', errorText(error, t('settings.saveFailed')), TOAST_MS.long),
    });
  };

  const leadLabel = (minutes: number) =>
    minutes >= 60
      ? t('settings.hoursBefore', { count: minutes / 60 })
      : t('settings.minutesBefore', { count: minutes });

  return (
    <form ref={form} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Switch
          label={t('settings.paused')}
          description={t('settings.pausedHint')}
          checked={draft.paused}
          onChange={(event) => set('paused', event.currentTarget.checked)}
        />
        <Divider />
        <Stack gap={6}>
          <Select
            label={t('settings.timeZone')}
            description={t('settings.timeZoneHint')}
            data={zones}
            value={draft.timeZone}
            onChange={(value) => value && set('timeZone', value)}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('settings.noZone')}
            comboboxProps={{ withinPortal: true }}
          />
          {detected ? (
            <Group gap="xs" wrap="wrap">
              <Text fz="xs" c="dimmed">
                {t('settings.detected', { zone: detected })}
              </Text>
              {detected !== draft.timeZone ? (
                <Button variant="subtle" size="compact-xs" onClick={() => set('timeZone', detected)}>
                  {t('settings.useDetected', { zone: detected })}
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Stack>
        <Radio.Group
          label={t('settings.language')}
          value={draft.language}
          onChange={(value) => set('language', value as SettingsDraft['language'])}
        >
          <Group gap="lg" mt={6}>
            <Radio value="en" label={i18n.t('language.en', { ns: 'common' })} />
            <Radio value="zh" label={i18n.t('language.zh', { ns: 'common' })} />
          </Group>
        </Radio.Group>
        <Divider />
        <Switch
          label={t('settings.quiet')}
          description={t('settings.quietHint')}
          checked={draft.quietOn}
          onChange={(event) => set('quietOn', event.currentTarget.checked)}
        />
        {draft.quietOn ? (
          <Group grow gap="sm" align="flex-start" pl={{ base: 0, xs: 'xl' }}>
            <TextInput
              type="time"
              label={t('settings.from')}
              value={draft.quietStart}
              onChange={(event) => set('quietStart', event.currentTarget.value)}
              error={errorFor('quietStart')}
            />
            <TextInput
              type="time"
              label={t('settings.until')}
              value={draft.quietEnd}
              onChange={(event) => set('quietEnd', event.currentTarget.value)}
              error={errorFor('quietEnd')}
            />
          </Group>
        ) : null}
        <Switch
          label={t('settings.briefing')}
          description={t('settings.briefingHint')}
          checked={draft.briefingOn}
          onChange={(event) => set('briefingOn', event.currentTarget.checked)}
        />
        {draft.briefingOn ? (
          <TextInput
            type="time"
            label={t('settings.briefingTime')}
            value={draft.briefingTime}
            onChange={(event) => set('briefingTime', event.currentTarget.value)}
            error={errorFor('briefingTime')}
            pl={{ base: 0, xs: 'xl' }}
            maw={{ base: '100%', xs: 240 }}
          />
        ) : null}
        <NativeSelect
          label={t('settings.reminders')}
          description={t('settings.remindersHint')}
          value={draft.reminderLead}
          onChange={(event) => set('reminderLead', event.currentTarget.value)}
          data={[
            { value: 'off', label: t('settings.off') },
            ...REMINDER_LEAD_MINUTES.map((minutes) => ({
              value: String(minutes),
              label: leadLabel(minutes),
            })),
          ]}
        />
        <Divider />
        <Stack gap={0} role="group" aria-label={t('settings.helpTexts')}>
          {/* Drawn as the other fields' labels and hints are. */}
          <Input.Label labelElement="div">{t('settings.helpTexts')}</Input.Label>
          <Input.Description>{t('settings.helpTextsHint')}</Input.Description>
          <Switch
            classNames={{ root: classes.tapRow }}
            label={t('settings.helpReplies')}
            checked={draft.helpReplies}
            onChange={(event) => set('helpReplies', event.currentTarget.checked)}
          />
          <Switch
            classNames={{ root: classes.tapRow }}
            label={t('settings.helpImportant')}
            checked={draft.helpImportant}
            onChange={(event) => set('helpImportant', event.currentTarget.checked)}
          />
          <Switch
            classNames={{ root: classes.tapRow }}
            label={t('settings.helpOverlaps')}
            checked={draft.helpOverlaps}
            onChange={(event) => set('helpOverlaps', event.currentTarget.checked)}
          />
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" disabled={!dirty} loading={update.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
