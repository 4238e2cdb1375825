import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { TextAreaField } from '@/components/ui/field';
import { formatDateTime } from '@/lib/dates';
import type { DeletionRequestRecord, DeletionStatus } from '@/lib/types';
import contaComum from '../../../pocketbase/pb_hooks/lib/conta_comum.js';
import { accountErrorMessage, accountQueries, fieldErrorCode, requestDeletion } from './api/account';

const MAX_REASON = 1000;

const KEPT_WHILE_IN_PROGRESS =
  'Você tem um agendamento em andamento: a sua conta será mantida até o atendimento terminar e excluída depois.';
const KEPT_BY_LAW =
  'Dados que a lei manda guardar, como os registros de pagamento, são mantidos pelo prazo legal.';

const statusText: Record<DeletionStatus, { label: string; text: string }> = {
  PENDENTE: {
    label: 'Pendente',
    text: `Nossa equipe vai excluir a sua conta e os seus dados. ${KEPT_BY_LAW}`,
  },
  AGUARDANDO_ATENDIMENTO: { label: 'Aguardando o fim do atendimento', text: KEPT_WHILE_IN_PROGRESS },
  CONCLUIDA: { label: 'Concluída', text: 'O seu pedido foi atendido.' },
};

function RequestStatus({ request }: { request: DeletionRequestRecord }) {
  const { label, text } = statusText[request.status] ?? { label: request.status, text: '' };
  return (
    <div className="rounded-xl border border-gray-200 bg-gray-50 p-4">
      <p>
        Pedido registrado em {formatDateTime(request.created)}. Situação: <strong>{label}</strong>
      </p>
      {text ? <p className="mt-2">{text}</p> : null}
      {request.motivo ? <p className="mt-2 break-words text-ink-600">Motivo: {request.motivo}</p> : null}
    </div>
  );
}

function ConfirmDeletion({
  userId,
  inProgress,
  onClose,
  onRecorded,
}: {
  userId: string;
  inProgress: boolean;
  onClose: () => void;
  onRecorded: () => void;
}) {
  const queryClient = useQueryClient();
  const [motivo, setMotivo] = useState('');
  const [serverError, setServerError] = useState('');
  const [reasonError, setReasonError] = useState('');
  const create = useMutation({
    mutationFn: () => requestDeletion(userId, motivo.trim()),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: accountQueries.deletionRequests(userId).queryKey }),
  });

  async function confirm() {
    setServerError('');
    // The server's own rule for the reason (conta_comum.js), so its message shows before anything is sent.
    const invalid = contaComum.errosDaExclusao({ motivo: motivo.trim() }).motivo?.message ?? '';
    setReasonError(invalid);
    if (invalid) return;
    try {
      await create.mutateAsync();
      onRecorded();
    } catch (error) {
      // Already asked (another tab, a double click): the request shown is the one recorded.
      if (fieldErrorCode(error, 'usuario') === 'validation_not_unique') onRecorded();
      else setServerError(accountErrorMessage(error, 'deletion'));
    }
  }

  return (
    <ConfirmModal
      title="Excluir minha conta"
      formError={serverError}
      pending={create.isPending}
      variant="danger"
      backText="Cancelar"
      confirmText="Confirmar exclusão"
      pendingText="Registrando..."
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>
        Vamos registrar o seu pedido para a nossa equipe. Depois da exclusão, você não poderá mais entrar com
        esta conta nem acompanhar o seu agendamento por aqui.
      </p>
      <p className={inProgress ? 'font-semibold text-ink-900' : undefined}>
        {inProgress ? KEPT_WHILE_IN_PROGRESS : KEPT_BY_LAW}
      </p>
      <TextAreaField
        label="Motivo (opcional)"
        hint={`Até ${MAX_REASON} caracteres.`}
        maxLength={MAX_REASON}
        error={reasonError}
        value={motivo}
        onChange={(event) => setMotivo(event.target.value)}
      />
    </ConfirmModal>
  );
}

/** 'Excluir minha conta': a confirmed request the server records for staff; then its state. */
export function DeletionRequest({
  userId,
  request,
  inProgress,
}: {
  userId: string;
  request: DeletionRequestRecord | undefined;
  inProgress: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const asked = useRef(false);
  // The button that opened the modal is gone once the request shows: focus moves to what replaced it.
  useEffect(() => {
    if (request && asked.current) statusRef.current?.focus();
  }, [request]);

  if (request)
    return (
      <div ref={statusRef} tabIndex={-1} className="focus:outline-none">
        <RequestStatus request={request} />
      </div>
    );
  return (
    <>
      <p>Você pode pedir a exclusão da sua conta e dos seus dados. {KEPT_BY_LAW}</p>
      {inProgress ? (
        <p className="mt-3 rounded-xl border border-amber-400 bg-amber-50 p-4 text-ink-900">
          {KEPT_WHILE_IN_PROGRESS}
        </p>
      ) : null}
      <Button
        variant="danger"
        className="mt-4"
        onClick={() => {
          asked.current = true;
          setConfirming(true);
        }}
      >
        Excluir minha conta
      </Button>
      {confirming ? (
        <ConfirmDeletion
          userId={userId}
          inProgress={inProgress}
          onClose={() => setConfirming(false)}
          onRecorded={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
