import { Anchor, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';

export function SiteFooter() {
  const { t } = useTranslation();
  const { supportEmail, productName } = useAppConfig();
  return (
    <Container component="footer" size="md" py="xl">
      <Group justify="space-between" gap="sm">
        <Group gap="md">
          <Anchor component={Link} to={paths.privacy} fz="sm" c="dimmed">
            {t('footer.privacy')}
          </Anchor>
          <Anchor component={Link} to={paths.terms} fz="sm" c="dimmed">
            {t('footer.terms')}
          </Anchor>
          <Anchor component={Link} to={paths.appleGuide} fz="sm" c="dimmed">
            {t('footer.appleGuide')}
          </Anchor>
        </Group>
        <Text fz="sm" c="dimmed">
          {t('footer.copyright', { year: new Date().getFullYear(), product: productName })}
        </Text>
      </Group>
      <Text fz="sm" c="dimmed" mt="xs">
        {t('footer.contactEmail', { email: supportEmail })}
      </Text>
    </Container>
  );
}
