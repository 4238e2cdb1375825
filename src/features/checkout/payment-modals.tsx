import { Link } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { env } from '@/lib/env';
import { paths } from '@/config/routes';
import type { PurchaseStatus } from './purchase-status';

function Support() {
  return (
    <a className="font-semibold text-brand-800 underline wrap-anywhere" href={`mailto:${env.supportEmail}`}>
      {env.supportEmail}
    </a>
  );
}

function AnalysisText() {
  return (
    <>
      <p>
        A operadora do cartão está analisando o seu pagamento. Isso costuma levar de alguns minutos a algumas
        horas.
      </p>
      <p>
        <strong>Não pague de novo.</strong> Seu pedido está guardado: quando a análise for aprovada, ele
        aparece na página de andamento e enviamos o comprovante por e-mail. Se a operadora recusar, você
        poderá pagar de novo.
      </p>
    </>
  );
}

function UnknownText() {
  return (
    <>
      <p>A operadora não respondeu a tempo e ainda não sabemos se a cobrança foi feita.</p>
      <p>
        <strong>Não pague de novo agora</strong>, para não ser cobrado duas vezes. Assim que a operadora
        confirmar, o pedido aparece na página de andamento. Dúvidas: <Support />.
      </p>
    </>
  );
}

/** A charge the customer must not pay again for: held for analysis, or of unknown outcome. */
const HELD = {
  'in-analysis': {
    answerTitle: 'Pagamento em análise',
    noticeTitle: 'Pagamento em análise',
    Text: AnalysisText,
  },
  unknown: {
    answerTitle: 'Não conseguimos confirmar o pagamento',
    noticeTitle: 'Não conseguimos confirmar o seu pagamento',
    Text: UnknownText,
  },
} as const;

/**
 * A held charge, as this page's charge answered (a modal over the form, closed with 'Entendi') or as the
 * server's state on arrival (a notice in place of the form).
 */
export function HeldCharge({
  kind,
  shown,
  onClose,
}: {
  kind: keyof typeof HELD;
  shown: 'answer' | 'notice';
  onClose: () => void;
}) {
  const { answerTitle, noticeTitle, Text } = HELD[kind];
  if (shown === 'notice') {
    return (
      // Shown in place of the card form when its answer's modal closes: focus comes here, not to <body>.
      <Notice title={noticeTitle} returnFocus>
        <Text />
      </Notice>
    );
  }
  return (
    <Modal title={answerTitle} onClose={onClose}>
      <div className="space-y-4 text-ink-700">
        <Text />
        <Button className="w-full" onClick={onClose}>
          Entendi
        </Button>
      </div>
    </Modal>
  );
}

/** What the purchase area shows in a modal: the charge under way, or its outcome. */
export function PaymentModals({
  status,
  onRetry,
  onClose,
}: {
  status: PurchaseStatus;
  /** closes an outcome after which paying again is safe */
  onRetry: () => void;
  /** closes an outcome after which the server's state shows what happens next */
  onClose: () => void;
}) {
  switch (status.kind) {
    case 'paying':
      return (
        <Modal title="Processando pagamento...">
          <div role="status" className="flex flex-col items-center gap-4 py-6 text-ink-700">
            <Spinner className="size-10 text-brand-700" />
            <p>Não feche nem recarregue esta página.</p>
          </div>
        </Modal>
      );
    case 'confirmed':
    case 'pix-paid':
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
    case 'in-analysis':
    case 'unknown':
      return <HeldCharge kind={status.kind} shown={status.shown} onClose={onClose} />;
    case 'declined':
    case 'limited':
      return (
        <Modal title="Falha no pagamento" onClose={onRetry}>
          <div className="space-y-4 text-ink-700">
            <p>Algo deu errado ao processar seu pagamento.</p>
            <p className="rounded-lg bg-red-50 px-3 py-2 font-semibold text-accent-700">
              {status.kind === 'limited' ? status.message : status.reason}
            </p>
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
    default:
      return null;
  }
}
