import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LegalDocument } from './legal-document';

export function TermsPage() {
  const { t } = useTranslation('legal');
  useDocumentTitle(t('terms.title'));
  return <LegalDocument doc="terms" />;
}
