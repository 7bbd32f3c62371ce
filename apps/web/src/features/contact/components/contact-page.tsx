import '@/lib/zod-config';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_PRIORITIES,
  CONTACT_SUBJECT_MAX,
  ZSendContactMessageRequest,
} from '@app/contract/contact/send-contact-message';
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
import { useDrawnField } from '@/lib/drawn-fields';
import { errorText } from '@/lib/error-text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSendContactMessage } from '../api/send-contact-message';

type Priority = (typeof CONTACT_PRIORITIES)[number];
type Field = 'subject' | 'message' | 'priority';
const FIELDS: readonly string[] = ['subject', 'message', 'priority'] satisfies Field[];

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
  // The screen is drawn ahead: what was typed into it before the app ran is taken over (decision 330).
  const subjectRef = useDrawnField<HTMLInputElement>('subject', (value) => update('subject', value));
  const priorityRef = useDrawnField<HTMLSelectElement>('priority', (value) => {
    if ((CONTACT_PRIORITIES as readonly string[]).includes(value)) update('priority', value);
  });
  const messageRef = useDrawnField<HTMLTextAreaElement>('message', (value) => update('message', value));

  /** The contract's own schema decides; each broken rule gets its words in the page's language. */
  const validate = (): boolean => {
    const result = ZSendContactMessageRequest.safeParse(form);
    if (result.success) {
      setErrors({});
      return true;
    }
    const next: Partial<Record<Field, string>> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]);
      if (!FIELDS.includes(field) || next[field as Field]) continue;
      next[field as Field] = fieldError(field as Field, issue.code);
    }
    setErrors(next);
    return false;
  };

  const fieldError = (field: Field, issue: string): string => {
    if (field === 'subject') {
      if (issue === 'too_small') return t('contact.errors.subjectRequired');
      if (issue === 'too_big') return t('contact.errors.subjectTooLong', { max: CONTACT_SUBJECT_MAX });
      if (issue === 'invalid_format') return t('errors:singleLine');
    }
    if (field === 'message') {
      if (issue === 'too_small') return t('contact.errors.messageRequired');
      if (issue === 'too_big')
        return t('contact.errors.messageTooLong', { max: number.format(CONTACT_MESSAGE_MAX) });
      if (issue === 'invalid_format') return t('errors:controlCharacters');
    }
    return t('errors:codes.VALIDATION_ERROR');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (!validate()) return;
    send.mutate(form, {
      onSuccess: (result) => {
        setOutcome({ ok: true, text: result.message || t('errors:contactSent') });
        setForm(EMPTY);
      },
      onError: (error) => {
        const field = error instanceof ApiError ? error.details.field : undefined;
        if (field && FIELDS.includes(field)) setErrors({ [field]: t('errors:codes.VALIDATION_ERROR') });
        // Spec §8: the server's message, or the contact screen's own failure text.
        setOutcome({ ok: false, text: errorText(error, t('contact.failure')) });
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
              ref={subjectRef}
              name="subject"
              label={t('contact.subject')}
              required
              value={form.subject}
              onChange={(event) => update('subject', event.currentTarget.value)}
              error={errors.subject}
              maxLength={CONTACT_SUBJECT_MAX}
              size="md"
              autoComplete="off"
            />
            <NativeSelect
              ref={priorityRef}
              name="priority"
              label={t('contact.priorityLabel')}
              value={form.priority}
              onChange={(event) => update('priority', event.currentTarget.value)}
              data={CONTACT_PRIORITIES.map((value) => ({ value, label: t(`contact.priority.${value}`) }))}
              size="md"
            />
            <Textarea
              ref={messageRef}
              name="message"
              label={t('contact.message')}
              required
              rows={6}
              value={form.message}
              onChange={(event) => update('message', event.currentTarget.value)}
              error={errors.message}
              maxLength={CONTACT_MESSAGE_MAX}
              description={t('contact.count', {
                length: number.format(form.message.length),
                max: number.format(CONTACT_MESSAGE_MAX),
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
