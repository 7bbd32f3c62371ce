import { formatE164 } from '@app/contract/phone';
import { Button, ThemeIcon } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/lib/app-config';
import { unbreakable } from '@/lib/unbreakable';
import { IntegrationRow } from './integration-row';

/** Spec §2: opens the phone's messages app on the product's chat address (`sms:` link from the app config). */
export function ChatRow() {
  const { t } = useTranslation();
  const { chatSmsNumber } = useAppConfig();
  return (
    <IntegrationRow
      icon={
        <ThemeIcon size={44} radius="md" variant="light" color="brand" aria-hidden>
          <IconMessageCircle size={24} />
        </ThemeIcon>
      }
      title={t('integrations.chat.title')}
      subtitle={
        chatSmsNumber
          ? t('integrations.chat.description', { number: unbreakable(formatE164(chatSmsNumber)) })
          : t('integrations.chat.unavailable')
      }
      action={
        chatSmsNumber ? (
          <Button component="a" href={`sms:${chatSmsNumber}`} variant="default">
            {t('integrations.chat.open')}
          </Button>
        ) : null
      }
    />
  );
}
