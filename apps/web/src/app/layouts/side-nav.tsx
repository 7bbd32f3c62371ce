import { NavLink, Stack, Text } from '@mantine/core';
import {
  IconCreditCard,
  IconLifebuoy,
  IconMessageChatbot,
  IconPlugConnected,
  IconShieldLock,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NAV_SECTIONS } from './nav-items';

const ICONS: Record<string, typeof IconPlugConnected> = {
  'nav.integrations': IconPlugConnected,
  'nav.assistant': IconMessageChatbot,
  'nav.billing': IconCreditCard,
  'nav.contact': IconLifebuoy,
  'nav.myAccount': IconShieldLock,
};

export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack gap="lg">
      {NAV_SECTIONS.map((section) => (
        <Stack key={section.labelKey} gap={4}>
          <Text fz="xs" fw={700} tt="uppercase" c="dimmed" px="sm">
            {t(section.labelKey)}
          </Text>
          {section.items.map((item) => {
            const Icon = ICONS[item.labelKey] ?? IconPlugConnected;
            const active = item.isActive(pathname);
            return (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={t(item.labelKey)}
                leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
                active={active}
                aria-current={active ? 'page' : undefined}
                variant="light"
                onClick={onNavigate}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}
