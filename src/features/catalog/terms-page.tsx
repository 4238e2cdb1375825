import { termsOfService } from '@/config/terms-content';
import { LegalPage } from './legal-page';

export function TermsPage() {
  return <LegalPage document={termsOfService} />;
}
