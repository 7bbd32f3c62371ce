import { Box, Burger, Button, Divider, Drawer, Group, ScrollArea, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { Logo } from '@/components/logo';
import { StandInBanner } from '@/components/stand-in-banner';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { useAppConfig } from '@/lib/app-config';
import { useToastClearance } from '@/lib/toast';
import { SideNav } from './side-nav';
import { UserMenu } from './user-menu';

/** The signed-in shell: header with logo and user menu, side navigation, and a full-screen menu on phones. */
export function AppLayout() {
  const { t } = useTranslation();
  const { productName } = useAppConfig();
  const [menuOpen, menu] = useDisclosure(false);
  const signOut = useLogout();
  const header = useToastClearance<HTMLElement>();

  const logout = async () => {
    menu.close();
    await signOut();
  };

  return (
    <>
      <a href="#main" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      {/* A plain sticky header rather than AppShell's fixed one: the local-mode banner above it
          changes height with the width, and nothing may slide under it. */}
      <Box
        ref={header}
        component="header"
        pos="sticky"
        top={0}
        bg="white"
        style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <StandInBanner />
        <Group h={60} px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={menuOpen}
              onClick={menu.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            />
            <Link
              to={paths.integrations}
              aria-label={t('nav.home', { product: productName })}
              style={{ textDecoration: 'none' }}
            >
              <Logo />
            </Link>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch />
            <UserMenu onLogout={logout} />
          </Group>
        </Group>
      </Box>

      <Box style={{ display: 'flex', alignItems: 'stretch', minHeight: 'calc(100dvh - 61px)' }}>
        <Box
          component="nav"
          aria-label={t('nav.primary')}
          visibleFrom="sm"
          w={248}
          p="md"
          style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-gray-3)' }}
        >
          <SideNav />
        </Box>
        <Box component="main" id="main" tabIndex={-1} style={{ flex: 1, minWidth: 0, outline: 'none' }}>
          <Outlet />
        </Box>
      </Box>

      <Drawer
        opened={menuOpen}
        onClose={menu.close}
        size="100%"
        hiddenFrom="sm"
        title={<Logo />}
        closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
        scrollAreaComponent={ScrollArea.Autosize}
      >
        <Stack gap="lg" component="nav" aria-label={t('nav.primary')}>
          <SideNav onNavigate={menu.close} />
          <Divider />
          <Button
            variant="subtle"
            color="red"
            c="red.8"
            leftSection={<IconLogout size={18} aria-hidden />}
            onClick={logout}
            justify="flex-start"
          >
            {t('nav.logout')}
          </Button>
        </Stack>
      </Drawer>
    </>
  );
}
