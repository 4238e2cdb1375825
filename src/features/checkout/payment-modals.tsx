import { Link } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { paths } from '@/config/routes';
import type { PaymentOutcome } from './payment';

export type PaymentPhase = { kind: 'idle' } | { kind: 'processing' } | PaymentOutcome;

function Support() {
  return (
    <a className="font-semibold text-brand-800 underline break-all" href={`mailto:${env.supportEmail}`}>
      {env.supportEmail}
    </a>
  );
}

export function PaymentModals({
  phase,
  onRetry,
  onClose,
}: {
  phase: PaymentPhase;
  onRetry: () => void;
  onClose: () => void;
}) {
  switch (phase.kind) {
    case 'processing':
      return (
        <Modal title="Processando pagamento...">
          <div role="status" className="flex flex-col items-center gap-4 py-6 text-ink-700">
            <Spinner className="size-10 text-brand-700" />
            <p>Não feche nem recarregue esta página.</p>
          </div>
        </Modal>
      );
    case 'confirmed':
      return (
        <Modal title="Pagamento confirmado" initialFocusSelector="a">
          <div className="space-y-4 text-ink-700">
            <p>Recebemos seu pagamento. O próximo passo é enviar seus dados e documentos.</p>
            <Link to={paths.tracking} className={buttonClass('primary', 'w-full')}>
              Enviar documentos
            </Link>
          </div>
        </Modal>
      );
    case 'failed':
      return (
        <Modal title="Falha no pagamento" onClose={onRetry}>
          <div className="space-y-4 text-ink-700">
            <p>Algo deu errado ao processar seu pagamento.</p>
            <p>
              Confira os dados do cartão e tente novamente. Se o problema continuar, fale com o nosso
              atendimento: <Support />.
            </p>
            <Button className="w-full" onClick={onRetry}>
              Tentar novamente
            </Button>
          </div>
        </Modal>
      );
    case 'uncertain':
      return (
        <Modal title="Não conseguimos confirmar o pagamento" onClose={onClose}>
          <div className="space-y-4 text-ink-700">
            <p>A operadora não respondeu a tempo e não sabemos se a cobrança foi feita.</p>
            <p>
              <strong>Não pague de novo agora</strong>, para não ser cobrado duas vezes. Confira a fatura ou o
              aplicativo do seu cartão e fale com o nosso atendimento: <Support />.
            </p>
            <Button className="w-full" onClick={onClose}>
              Entendi
            </Button>
          </div>
        </Modal>
      );
    case 'charged-not-saved':
      return <ChargedNotSavedModal asaasId={phase.asaasId} onClose={onClose} />;
    default:
      return null;
  }
}

export function ChargedNotSavedModal({ asaasId, onClose }: { asaasId: string; onClose: () => void }) {
  return (
    <Modal title="Pagamento aprovado" onClose={onClose}>
      <div className="space-y-4 text-ink-700">
        <p>
          Seu pagamento foi aprovado, mas não conseguimos registrar o seu pedido agora.{' '}
          <strong>Não pague de novo.</strong>
        </p>
        <p>
          Código do pagamento: <strong className="break-all text-ink-900">{asaasId}</strong>
        </p>
        <p>
          Vamos concluir o registro automaticamente na sua próxima visita a esta página. Se preferir, fale com
          o nosso atendimento informando o código: <Support />.
        </p>
        <Button className="w-full" onClick={onClose}>
          Entendi
        </Button>
      </div>
    </Modal>
  );
}
