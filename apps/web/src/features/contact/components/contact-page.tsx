import { CONTACT_PRIORITIES, ZSendContactMessageRequest } from '@app/contract/contact/send-contact-message';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { ApiError } from '@/lib/api-client';
import { useAppConfig } from '@/lib/app-config';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSendContactMessage } from '../api/send-contact-message';

type Priority = (typeof CONTACT_PRIORITIES)[number];
type Field = 'subject' | 'message' | 'priority';

const SUBJECT_MAX = 200;
const MESSAGE_MAX = 5000;
const EMPTY = { subject: '', message: '', priority: 'medium' as Priority, website: '' };

/** Spec §2 contact screen: subject, priority (medium by default), message, Send. */
export function ContactPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('contact.title'));
  const { supportEmail } = useAppConfig();
  const send = useSendContactMessage();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const number = new Intl.NumberFormat(i18n.resolvedLanguage === 'zh' ? 'zh-CN' : 'en-US');

  const update = (field: keyof typeof EMPTY, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** The contract's own rules, with messages in the page's language. */
  const validate = (): boolean => {
    const next: Partial<Record<Field, string>> = {};
    if (!form.subject.trim()) next.subject = t('contact.errors.subjectRequired');
    else if (form.subject.trim().length > SUBJECT_MAX)
      next.subject = t('contact.errors.subjectTooLong', { max: SUBJECT_MAX });
    if (!form.message.trim()) next.message = t('contact.errors.messageRequired');
    else if (form.message.trim().length > MESSAGE_MAX)
      next.message = t('contact.errors.messageTooLong', { max: number.format(MESSAGE_MAX) });
    setErrors(next);
    return Object.keys(next).length === 0 && ZSendContactMessageRequest.safeParse(form).success;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (!validate()) return;
    send.mutate(form, {
      onSuccess: (result) => {
        setOutcome({ ok: true, text: result.message || t('contact.success') });
        setForm(EMPTY);
      },
      onError: (error) => {
        const field = error instanceof ApiError ? (error.details.field as Field | undefined) : undefined;
        if (field && ['subject', 'message', 'priority'].includes(field)) {
          setErrors({ [field]: t('errors.invalidInput') });
        }
        const serverText =
          error instanceof ApiError &&
          error.code !== 'HTTP_ERROR' &&
          error.code !== 'NETWORK_ERROR' &&
          error.code !== 'VALIDATION_ERROR'
            ? error.message
            : null;
        setOutcome({ ok: false, text: serverText || t('contact.failure') });
      },
    });
  };

  return (
    <Container size="sm" py="xl" px={{ base: 'md', sm: 'xl' }}>
      <PageHeader title={t('contact.title')} description={t('contact.subtitle')} />
      <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            {outcome ? (
              <Alert
                color={outcome.ok ? 'teal' : 'red'}
                variant="light"
                icon={outcome.ok ? <IconCircleCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
                role={outcome.ok ? 'status' : 'alert'}
              >
                <Text fz="sm" c="var(--mantine-color-text)">
                  {outcome.text}
                </Text>
              </Alert>
            ) : null}
            <TextInput
              label={t('contact.subject')}
              required
              value={form.subject}
              onChange={(event) => update('subject', event.currentTarget.value)}
              error={errors.subject}
              maxLength={SUBJECT_MAX}
              size="md"
              autoComplete="off"
            />
            <NativeSelect
              label={t('contact.priorityLabel')}
              value={form.priority}
              onChange={(event) => update('priority', event.currentTarget.value)}
              data={CONTACT_PRIORITIES.map((value) => ({ value, label: t(`contact.priority.${value}`) }))}
              size="md"
            />
            <Textarea
              label={t('contact.message')}
              required
              rows={6}
              value={form.message}
              onChange={(event) => update('message', event.currentTarget.value)}
              error={errors.message}
              maxLength={MESSAGE_MAX}
              description={t('contact.count', {
                length: number.format(form.message.length),
                max: number.format(MESSAGE_MAX),
              })}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              size="md"
            />
            {/* Honeypot: hidden from people and screen readers; a bot that fills it is dropped. */}
            <div style={{ display: 'none' }}>
              <label>
                Website
                <input
                  name="website"
                  tabIndex={-1}
                  autoComplete="off"
                  value={form.website}
                  onChange={(event) => update('website', event.currentTarget.value)}
                />
              </label>
            </div>
            <Button type="submit" size="md" disabled={send.isPending} style={{ alignSelf: 'flex-start' }}>
              {send.isPending ? t('contact.sending') : t('contact.send')}
            </Button>
          </Stack>
        </form>
      </Card>
      <Text c="dimmed" fz="sm" mt="md">
        {t('contact.emailUs')}{' '}
        <Anchor href={`mailto:${supportEmail}`} fz="sm" underline="always">
          {supportEmail}
        </Anchor>
      </Text>
    </Container>
  );
}
