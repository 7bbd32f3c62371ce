import { PHONE_EMAIL_DOMAIN } from '@app/contract/common';
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/lib/auth';
import { initials } from '@/lib/initials';

export function UserMenu({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const name = user?.name || 'User';
  // A phone-only account's address is a placeholder nobody reads mail at: show the number instead
  // (unformatted: the formatter's metadata would weigh down every page's first download).
  const email =
    user?.email?.endsWith(`@${PHONE_EMAIL_DOMAIN}`) && user.phoneNumber
      ? user.phoneNumber
      : (user?.email ?? '');
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.userMenu', { name })} style={{ borderRadius: '50%' }}>
          <Avatar color="brand" variant="filled" radius="xl" size={36}>
            {initials(user?.name, user?.email)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fz="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {name}
          </Text>
          {email ? (
            <Text fz="xs" c="dimmed" truncate>
              {email}
            </Text>
          ) : null}
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
