import { ZDevSmsInboundRequest } from '@app/contract/dev/sms-inbound';
import { Button, Group, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { useSendPhoneText } from '../api/send-phone-text';
import classes from './phone-page.module.css';

/** The requests the local stand-in model understands (docs/assistant-stand-in.md), one of each kind. */
const EXAMPLES = ['events', 'book', 'unread', 'contact'] as const;
const BODY_MAX = ZDevSmsInboundRequest.shape.body.maxLength ?? 1600;

/** Where the person types a text; an example fills it, Enter sends it. */
export function PhoneComposer({
  phone,
  onSent,
}: {
  phone: string | null;
  onSent: (messageId: string) => void;
}) {
  const { t } = useTranslation('dev');
  const [text, setText] = useState('');
  const send = useSendPhoneText();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const body = text.trim();
  const canSend = phone !== null && body !== '' && !send.isPending;

  const submit = () => {
    if (!canSend) return;
    send.mutate(
      { from: phone, body },
      {
        onSuccess: ({ messageId }) => {
          setText('');
          onSent(messageId);
          // The Send button was disabled while sending, which drops its focus: the next text
          // is typed where the last one was.
          textarea.current?.focus();
        },
      },
    );
  };

  return (
    <div className={classes.bottom}>
      <fieldset className={classes.examples}>
        <VisuallyHidden component="legend">{t('phone.examplesLabel')}</VisuallyHidden>
        {EXAMPLES.map((example) => (
          <Button
            key={example}
            type="button"
            size="xs"
            radius="xl"
            variant="light"
            fw={500}
            onClick={() => {
              setText(t(`phone.examples.${example}`));
              textarea.current?.focus();
            }}
          >
            {t(`phone.examples.${example}`)}
          </Button>
        ))}
      </fieldset>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            ref={textarea}
            aria-label={t('phone.messageLabel')}
            aria-describedby={hintId}
            placeholder={t('phone.messagePlaceholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              // A Chinese (or any IME) candidate is confirmed with Enter: that Enter is not "send".
              const composing = event.nativeEvent.isComposing || event.keyCode === 229;
              if (event.key === 'Enter' && !event.shiftKey && !composing) {
                event.preventDefault();
                submit();
              }
            }}
            autosize
            minRows={1}
            maxRows={4}
            maxLength={BODY_MAX}
            enterKeyHint="send"
            radius="xl"
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button
            type="submit"
            radius="xl"
            disabled={!canSend}
            loading={send.isPending}
            leftSection={<IconSend size={16} aria-hidden />}
          >
            {t('phone.send')}
          </Button>
        </Group>
        <VisuallyHidden id={hintId}>{t('phone.messageHint')}</VisuallyHidden>
        {send.error ? (
          <Text role="alert" c="red.8" fz="xs" mt={4}>
            {errorText(send.error)}
          </Text>
        ) : null}
      </form>
    </div>
  );
}
