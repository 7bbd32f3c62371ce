import { Anchor, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';

function NewTabLink({ to, children }: { to: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Anchor href={to} target="_blank" rel="noopener noreferrer" fz="inherit" underline="always">
      {children}
      <span className="visually-hidden"> {t('login.opensInNewTab')}</span>
    </Anchor>
  );
}

/** "By continuing you agree to our Terms and Privacy Policy", both opening in a new tab (spec §2). */
export function Agreement() {
  return (
    <Text fz="xs" c="dimmed" ta="center">
      <Trans
        i18nKey="login.agreement"
        components={{
          terms: <NewTabLink to={paths.terms} />,
          privacy: <NewTabLink to={paths.privacy} />,
        }}
      />
    </Text>
  );
}
