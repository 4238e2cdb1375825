import { buttonClass } from '@/components/ui/button';
import { invoicePdf } from '@/config/payment-labels';
import type { PaymentRecord } from '@/lib/types';

/** The order's service invoice (NFS-e), once the city authorized it: its PDF at Asaas, in a new tab. */
export function InvoiceLink({ payment, className }: { payment: PaymentRecord; className?: string }) {
  const pdf = invoicePdf(payment);
  if (!pdf) return null;
  return (
    <a href={pdf} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary', className)}>
      Baixar nota fiscal{payment.nota_numero ? ` nº ${payment.nota_numero}` : ''} (PDF)
      <span className="sr-only"> (abre em nova aba)</span>
    </a>
  );
}
