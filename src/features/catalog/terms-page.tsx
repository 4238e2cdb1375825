import { termsOfService, withGuarantee } from '@/config/terms-content';
import { garantia, useGuarantee } from '@/lib/api/guarantee';
import { LegalPage } from './legal-page';

/** /termos: with the guarantee's section only while the server has it on (GARANTIA_ATIVA). */
export function TermsPage() {
  const guarantee = useGuarantee();
  return (
    <LegalPage
      document={
        guarantee.ativa ? withGuarantee(termsOfService, garantia.termos(guarantee.janelas)) : termsOfService
      }
    />
  );
}
