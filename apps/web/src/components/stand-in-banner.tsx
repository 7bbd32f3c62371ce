import { Anchor, Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';

/**
 * Design §3: while any outside service is a local stand-in, say so on every page, naming the
 * ones the server reports (it knows which adapters it built).
 */
export function StandInBanner() {
  const { t, i18n } = useTranslation();
  const { standIns } = useAppConfig();
  if (standIns.length === 0) return null;
  const services = new Intl.ListFormat(i18n.resolvedLanguage === 'zh' ? 'zh-CN' : 'en', {
    type: 'conjunction',
  }).format(standIns.map((service) => t(`standIn.service.${service}`)));
  return (
    <Box component="aside" aria-label={t('standIn.openOutbox')} bg="yellow.1" px="md" py={6}>
      <Text fz="xs" ta="center" c="dark.8">
        {t('standIn.banner', { services })}{' '}
        <Anchor component={Link} to={paths.devOutbox} fz="xs" c="dark.9" underline="always" fw={600}>
          {t('standIn.openOutbox')}
        </Anchor>
      </Text>
    </Box>
  );
}
