import { Box, Button, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { Logo } from '@/components/logo';
import { SiteFooter } from '@/components/site-footer';
import { StandInBanner } from '@/components/stand-in-banner';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { isAuthenticated } from '@/lib/session';
import { useToastClearance } from '@/lib/toast';

/** Pages anyone can read: privacy, terms, the Apple guide, the dev outbox and the simulated phone. */
export function PublicLayout() {
  const { t } = useTranslation();
  const { productName } = useAppConfig();
  const signedIn = isAuthenticated();
  const header = useToastClearance<HTMLElement>();
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      <StandInBanner />
      <Box
        ref={header}
        component="header"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        bg="white"
      >
        <Container size="md" h={60}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Link
              to={signedIn ? paths.integrations : paths.login}
              aria-label={t('nav.home', { product: productName })}
              style={{ textDecoration: 'none' }}
            >
              <Logo />
            </Link>
            <Group gap="sm" wrap="nowrap">
              <LanguageSwitch />
              <Button
                component={Link}
                to={signedIn ? paths.integrations : paths.login}
                variant="light"
                size="xs"
                visibleFrom="xs"
              >
                {signedIn ? t('legalPage.backToApp') : t('legalPage.signIn')}
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      <Box style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <SiteFooter />
      </Box>
    </Box>
  );
}
