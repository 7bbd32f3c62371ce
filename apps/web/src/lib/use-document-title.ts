import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "Page — Relay", so tabs, history and screen readers name the page. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const product = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} — ${product}` : product;
  }, [title, product]);
}
