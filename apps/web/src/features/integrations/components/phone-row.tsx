import { formatE164 } from '@app/contract/phone';
import { Badge, Button, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { unbreakable } from '@/lib/unbreakable';
import { usePhoneMapping } from '../api/get-phone-mapping';
import { SUCCESS_TEXT_COLOR } from '../utils/providers';
import { IntegrationRow } from './integration-row';

/** The Mobile Phone row: the linked number, or a way to link one (spec §2, §3 phone mapping). */
export function PhoneRow({ onLink }: { onLink: () => void }) {
  const { t } = useTranslation();
  const mapping = usePhoneMapping();
  const linked = mapping.data?.isLinked && mapping.data.phoneNumber ? mapping.data.phoneNumber : null;
  const title = t('integrations.phone.title');
  return (
    <IntegrationRow
      icon={
        <ThemeIcon size={44} radius="md" variant="light" color="teal" aria-hidden>
          <IconDeviceMobile size={24} />
        </ThemeIcon>
      }
      title={title}
      subtitle={
        mapping.isPending ? (
          <Skeleton component="span" display="inline-block" h={12} w={140} />
        ) : linked ? (
          <Group component="span" gap={6} wrap="nowrap">
            <Text span fz="sm" c="dimmed">
              {unbreakable(formatE164(linked))}
            </Text>
            <Badge component="span" size="sm" color="teal" variant="light" c={SUCCESS_TEXT_COLOR}>
              {t('integrations.phone.linked')}
            </Badge>
          </Group>
        ) : (
          t('integrations.phone.notLinked')
        )
      }
      action={
        <Button
          variant={linked ? 'default' : 'filled'}
          onClick={onLink}
          disabled={mapping.isPending}
          aria-haspopup="dialog"
          aria-label={`${linked ? t('integrations.phone.change') : t('integrations.phone.link')}: ${title}`}
        >
          {linked ? t('integrations.phone.change') : t('integrations.phone.link')}
        </Button>
      }
    />
  );
}
