import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { PageLoading } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/dates';
import { formatBRL } from '@/lib/money';
import type { ChargeRecord } from '@/lib/types';
import { pixQrCode } from './api/asaas';

/**
 * A Pix charge waiting to be paid: the QR code, the copy-and-paste code and its expiry. The page keeps
 * asking the server (the customer's payments) and shows 'Pagamento confirmado' by itself once the webhook
 * has recorded the payment; this panel only shows the charge. It takes the place of the much taller purchase
 * form, whose 'Gerar Pix' button had the focus: it brings itself into view, and its heading takes the focus.
 */
export function PixPanel({ charge }: { charge: Pick<ChargeRecord, 'asaas_id' | 'valor'> }) {
  const root = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const qr = useQuery({
    queryKey: ['pix-qr-code', charge.asaas_id],
    queryFn: () => pixQrCode(charge.asaas_id),
    staleTime: Infinity,
  });
  const [copied, setCopied] = useState(false);
  const copy = useMutation({
    mutationFn: (code: string) => navigator.clipboard.writeText(code),
    onSuccess: () => setCopied(true),
  });

  const shown = qr.isSuccess;
  useEffect(() => {
    root.current?.scrollIntoView({ block: 'start' });
    if (shown) heading.current?.focus({ preventScroll: true });
  }, [shown]);
  const inView = (content: ReactNode) => (
    <div ref={root} className="scroll-mt-24">
      {content}
    </div>
  );

  if (qr.isPending) return inView(<PageLoading label="Gerando o Pix..." />);
  if (qr.isError) {
    return inView(
      <div role="alert" className="rounded-xl border border-accent-700/40 bg-red-50 p-4">
        <p className="font-semibold text-accent-700">Não foi possível mostrar o código do Pix.</p>
        <button
          type="button"
          className="mt-2 min-h-11 font-semibold text-brand-800 underline"
          onClick={() => qr.refetch()}
        >
          Tentar novamente
        </button>
      </div>,
    );
  }
  const expiry = formatDateTime(qr.data.expirationDate);
  return inView(
    <section aria-labelledby="pix-titulo" className="space-y-4 rounded-xl border border-brand-600 p-4">
      <h3 id="pix-titulo" ref={heading} tabIndex={-1} className="text-lg font-bold focus:outline-none">
        Pague {formatBRL(charge.valor)} com Pix
      </h3>
      <p className="text-ink-700">
        Abra o aplicativo do seu banco, escolha pagar com Pix e leia o QR code, ou copie o código abaixo. Esta
        página mostra a confirmação sozinha assim que o pagamento chegar.
      </p>
      <img
        src={`data:image/png;base64,${qr.data.encodedImage}`}
        alt="QR code do Pix"
        width={224}
        height={224}
        className="mx-auto size-56 rounded-lg border border-gray-200 [image-rendering:pixelated]"
      />
      <div>
        <label htmlFor="pix-copia-e-cola" className="mb-1 block text-sm font-semibold">
          Código Pix copia e cola
        </label>
        <textarea
          id="pix-copia-e-cola"
          readOnly
          rows={3}
          value={qr.data.payload}
          className="w-full resize-none break-all rounded-lg border border-gray-300 p-2 font-mono text-sm"
        />
      </div>
      <Button className="w-full" onClick={() => copy.mutate(qr.data.payload)}>
        Copiar código
      </Button>
      {expiry ? <p className="text-sm text-ink-700">Pague até {expiry}.</p> : null}
      {/* One live region: what the copy did, and that the page is waiting for the payment. */}
      <p role="status" className="space-y-1 text-sm">
        {copied || copy.isError ? (
          <span className="block font-semibold text-brand-800">
            {copied ? 'Código copiado.' : 'Não foi possível copiar: selecione o código e copie.'}
          </span>
        ) : null}
        <span className="block text-ink-700">Aguardando o pagamento...</span>
      </p>
    </section>,
  );
}
