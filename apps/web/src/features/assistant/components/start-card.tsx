import { formatE164 } from '@app/contract/phone';
import { Button, List, Stack, Text } from '@mantine/core';
import { IconDeviceMobile, IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard } from '@/components/section-card';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { unbreakable } from '@/lib/unbreakable';
import { useAssistantSettings } from '../api/get-assistant-settings';

/**
 * How to start: without a linked phone, where to link one (the integrations screen's own dialog,
 * opened for them); with one, the number to text and a few requests the assistant understands.
 */
export function StartCard() {
  const { t } = useTranslation('assistant');
  const { chatSmsNumber } = useAppConfig();
  const phone = useAssistantSettings().data?.phone ?? null;
  const number = chatSmsNumber ? unbreakable(formatE164(chatSmsNumber)) : '';

  if (phone === null) {
    return (
      <SectionCard title={t('start.linkTitle')}>
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{chatSmsNumber ? t('start.linkBody', { number }) : t('start.noNumber')}</Text>
          <Text fz="sm" c="dimmed">
            {t('start.linkNeeds')}
          </Text>
          <Button
            component={Link}
            to={`${paths.integrations}?link=phone`}
            leftSection={<IconDeviceMobile size={18} aria-hidden />}
          >
            {t('start.linkButton')}
          </Button>
        </Stack>
      </SectionCard>
    );
  }

  const examples = t('start.examples', { returnObjects: true }) as string[];
  return (
    <SectionCard
      title={t('start.textTitle')}
      action={
        chatSmsNumber ? (
          <Button
            component="a"
            href={`sms:${chatSmsNumber}`}
            variant="default"
            size="sm"
            leftSection={<IconMessageCircle size={16} aria-hidden />}
          >
            {t('start.open')}
          </Button>
        ) : null
      }
    >
      {chatSmsNumber ? (
        <Stack gap="xs">
          <Text fz="sm">{t('start.textBody', { phone: unbreakable(formatE164(phone)), number })}</Text>
          <List fz="sm" spacing={4}>
            {examples.map((example) => (
              <List.Item key={example}>“{example}”</List.Item>
            ))}
          </List>
        </Stack>
      ) : (
        <Text fz="sm">{t('start.noNumber')}</Text>
      )}
    </SectionCard>
  );
}
