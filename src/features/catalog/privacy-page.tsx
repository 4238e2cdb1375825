import { privacyPolicy } from '@/config/privacy-content';
import { LegalPage } from './legal-page';

export function PrivacyPage() {
  return <LegalPage document={privacyPolicy} />;
}
