import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, LANGUAGES, toLanguage } from '@/lib/i18n';

export function LanguageSwitch({ size = 'xs' }: { size?: 'xs' | 'sm' | 'md' }) {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size={size}
      aria-label={t('language.label')}
      value={toLanguage(i18n.resolvedLanguage)}
      onChange={(value) => void chooseLanguage(toLanguage(value))}
      data={LANGUAGES.map((lng) => ({
        value: lng,
        label: <span lang={lng === 'zh' ? 'zh-CN' : 'en'}>{t(`language.${lng}`)}</span>,
      }))}
    />
  );
}
