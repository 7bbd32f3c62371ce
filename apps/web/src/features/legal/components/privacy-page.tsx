import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LegalDocument } from './legal-document';

export function PrivacyPage() {
  const { t } = useTranslation('legal');
  useDocumentTitle(t('privacy.title'));
  return <LegalDocument doc="privacy" />;
}
