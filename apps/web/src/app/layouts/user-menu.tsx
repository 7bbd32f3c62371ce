import { PHONE_EMAIL_DOMAIN } from '@app/contract/common';
import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TruncatedText } from '@/components/truncated-text';
import { useUser } from '@/lib/auth';
import { initials } from '@/lib/initials';
import { usePhoneRules } from '@/lib/phone-rules';
import { unbreakable } from '@/lib/unbreakable';

export function UserMenu({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const name = user?.name || 'User';
  // A phone-only account's address is a placeholder nobody reads mail at: show the number instead,
  // in the form every other screen shows it. The formatter's metadata is not part of the shell's
  // first download: it comes after, for phone accounts only, long before the menu is opened.
  const phone = user?.email?.endsWith(`@${PHONE_EMAIL_DOMAIN}`) && user.phoneNumber ? user.phoneNumber : null;
  const { rules, load } = usePhoneRules();
  useEffect(() => {
    if (phone) load();
  }, [phone, load]);
  const email = phone ? unbreakable(rules?.formatE164(phone) ?? phone) : (user?.email ?? '');
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.userMenu', { name })} style={{ borderRadius: '50%' }}>
          {/* Without a user (the screen drawn ahead for anyone) the avatar's own figure, not a "?". */}
          <Avatar color="brand" variant="filled" radius="xl" size={36}>
            {user ? initials(user.name, user.email) : null}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <TruncatedText fz="sm" fw={600} c="var(--mantine-color-text)">
            {name}
          </TruncatedText>
          {email ? (
            <TruncatedText fz="xs" c="dimmed">
              {email}
            </TruncatedText>
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
