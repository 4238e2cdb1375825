/**
 * The booking page's side of the case: who the customer is (with copy buttons for the phone call or the
 * e-mail), what they bought and whether the money cleared, the form they sent, and what changed, by whom.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { maskCpf } from '@/lib/cpf';
import { formatCalendarDay, formatDateTime } from '@/lib/dates';
import { formatBRL } from '@/lib/money';
import { methodLabel, paymentCleared, paymentStatusLabel, serviceName } from '@/config/payment-labels';
import { maskPhone } from '@/lib/phone';
import { statusLabel } from '@/lib/booking-status';
import { toast } from '@/lib/toast';
import type { BookingHistoryRecord, BookingRecord } from '@/lib/types';
import { bookingQueries, errorMessage } from './api/bookings';

const COPIED_MS = 2000;

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-2xl border border-gray-200 p-5">
      <h2 className="text-lg font-bold text-ink-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A term and its value (which may wrap anywhere: long e-mails on a phone), with an action beside it. */
export function Row({ term, children, action }: { term: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="border-t border-gray-100 py-2 first:border-t-0 first:pt-0">
      <dt className="text-sm text-ink-600">{term}</dt>
      <dd className="flex items-start justify-between gap-3">
        <span className="min-w-0 font-medium wrap-anywhere text-ink-900">{children}</span>
        {action}
      </dd>
    </div>
  );
}

/** Copies `text`; says so in the button itself (announced) for a moment. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      toast.error(`Não foi possível copiar ${what}: selecione o texto e copie.`);
    }
  }
  return (
    // Short on screen ('Copiar'); the name says what ('Copiar e-mail'), starting with what is shown.
    <Button
      variant="secondary"
      onClick={() => void copy()}
      aria-label={copied ? 'Copiado!' : `Copiar ${what}`}
      className="shrink-0 px-3 text-sm"
    >
      <span aria-live="polite">{copied ? 'Copiado!' : 'Copiar'}</span>
    </Button>
  );
}

const EMPTY = <span className="text-ink-600">Não informado</span>;

export function ContactPanel({ booking }: { booking: BookingRecord }) {
  const user = booking.expand?.usuario;
  if (!user) {
    return (
      <Panel title="Cliente">
        <p className="text-ink-700">
          Os dados do cliente não estão disponíveis (a conta pode ter sido excluída).
        </p>
      </Panel>
    );
  }
  const cpf = user.cpf ? maskCpf(user.cpf) : '';
  const phone = user.celular ? maskPhone(user.celular) : '';
  return (
    <Panel title="Cliente">
      <dl>
        <Row term="E-mail" action={user.email ? <CopyButton text={user.email} what="e-mail" /> : null}>
          {user.email ? (
            <a href={`mailto:${user.email}`} className="underline underline-offset-2">
              {user.email}
            </a>
          ) : (
            EMPTY
          )}
        </Row>
        <Row term="Celular" action={phone ? <CopyButton text={phone} what="celular" /> : null}>
          {phone ? (
            <a
              href={`tel:+55${(user.celular ?? '').replace(/\D/g, '')}`}
              className="underline underline-offset-2"
            >
              {phone}
            </a>
          ) : (
            EMPTY
          )}
        </Row>
        <Row term="CPF" action={cpf ? <CopyButton text={cpf} what="CPF" /> : null}>
          {cpf || EMPTY}
        </Row>
      </dl>
    </Panel>
  );
}

export function PurchasePanel({ booking }: { booking: BookingRecord }) {
  const payment = booking.expand?.pagamento;
  if (!payment) {
    return (
      <Panel title="Compra">
        <p className="text-ink-700">Nenhum pagamento ligado a este agendamento.</p>
      </Panel>
    );
  }
  const cleared = paymentCleared(payment.status_asaas);
  const installments = payment.numero_parcelas > 1 ? `${payment.numero_parcelas}x` : 'À vista';
  return (
    <Panel title="Compra">
      <dl>
        <Row term="Serviço">{serviceName(payment.tipo_servico)}</Row>
        <Row term="Flex (remarcação)">{payment.flex ? 'Sim' : 'Não'}</Row>
        <Row term="Total">{formatBRL(payment.preco_servico)}</Row>
        <Row term="Parcelas">{payment.metodo_pagamento === 'pix' ? 'À vista (Pix)' : installments}</Row>
        <Row term="Forma de pagamento">{methodLabel(payment.metodo_pagamento)}</Row>
        <Row term="Situação do pagamento">
          <Badge className={cleared ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-950'}>
            {paymentStatusLabel(payment.status_asaas)}
          </Badge>
        </Row>
        <Row
          term="ID no Asaas"
          action={
            payment.asaas_id_pagamento ? <CopyButton text={payment.asaas_id_pagamento} what="ID" /> : null
          }
        >
          <span className="font-mono text-sm">{payment.asaas_id_pagamento || '—'}</span>
        </Row>
        <Row term="Data do pagamento">{formatDateTime(payment.created)}</Row>
      </dl>
    </Panel>
  );
}

/** `formulario` is what the customer sent; staff read it here and never write it back. */
export function FormularioPanel({ booking }: { booking: BookingRecord }) {
  const text = (booking.formulario ?? '').trim();
  return (
    <Panel title="Formulário">
      {text ? (
        <>
          <p className="font-medium text-green-900">Recebido</p>
          <details className="mt-2">
            <summary className="cursor-pointer font-semibold text-brand-800">Ver conteúdo</summary>
            <pre className="mt-2 max-h-64 overflow-auto rounded-lg bg-gray-50 p-3 text-sm break-words whitespace-pre-wrap text-ink-900">
              {text}
            </pre>
          </details>
        </>
      ) : (
        <p className="text-ink-700">Ainda não recebido.</p>
      )}
    </Panel>
  );
}

const FIELD_NAMES: Record<string, string> = {
  data_agendamento: 'Data',
  hora_agendamento: 'Hora',
  local_agendamento: 'Local',
  status_agendamento: 'Status',
  nota_cliente: 'Mensagem ao cliente',
  formulario: 'Formulário',
  documento: 'Documento',
  retencao: 'Documentos (retenção)',
  requerente: 'Dados do requerente',
  pagamento: 'Pagamento',
  estorno: 'Estorno',
  desistencia: 'Desistência',
  pagamento_duplicado: 'Pagamento duplicado',
  resposta_lembrete: 'Resposta ao lembrete:',
  cancelamento: 'Atendimento',
  confirmacao_portal: 'Confirmação no portal',
};
/** Entries about money: one line the server wrote, shown as it is. */
const MONEY_NOTES = ['pagamento', 'estorno', 'desistencia', 'pagamento_duplicado'];

/** A stored value as staff read it: the day, the status with spaces, '(vazio)' for nothing. */
export function shownValue(field: string, value: string): string {
  if (value === '') return '(vazio)';
  if (field === 'data_agendamento') return formatCalendarDay(value) || value;
  if (field === 'status_agendamento') return statusLabel(value);
  return value;
}

function Change({ campo, de, para }: BookingHistoryRecord['alteracoes'][number]) {
  const name = FIELD_NAMES[campo] ?? campo;
  if (campo === 'formulario') return <li>{name}: atualizado</li>;
  if (campo === 'documento' || campo === 'retencao' || campo === 'resposta_lembrete')
    return (
      <li className="break-words">
        {name} {de}: {para}
      </li>
    );
  if (MONEY_NOTES.includes(campo) || campo === 'cancelamento' || campo === 'confirmacao_portal')
    return <li className="break-words">{`${name}: ${para}`}</li>;
  if (campo === 'status_agendamento' && de === '')
    return <li>Agendamento criado com status {shownValue(campo, para)}</li>;
  return (
    <li className="break-words">
      {name}: {shownValue(campo, de)} <span aria-hidden="true">→</span>
      <span className="sr-only"> para</span> {shownValue(campo, para)}
    </li>
  );
}

function MailLine({ entry }: { entry: BookingHistoryRecord }) {
  if (!entry.email_status) return null;
  if (entry.email_status === 'ENVIADO')
    return (
      <p className="mt-1 text-sm wrap-anywhere text-green-900">
        E-mail “{entry.email_assunto}” enviado para {entry.email_para}.
      </p>
    );
  return (
    <p className="mt-1 text-sm font-medium wrap-anywhere text-accent-700">
      Falha ao enviar o e-mail para {entry.email_para || 'o cliente'}: avise o cliente por outro meio.
    </p>
  );
}

/** Every change the server recorded, newest first. */
export function HistoryPanel({ bookingId }: { bookingId: string }) {
  const history = useQuery(bookingQueries.history(bookingId));
  return (
    <Panel title="Histórico">
      {history.isPending ? (
        <p className="text-ink-700">Carregando o histórico...</p>
      ) : history.isError ? (
        <div role="alert" className="space-y-2">
          <p className="text-ink-700">Não foi possível carregar o histórico. {errorMessage(history.error)}</p>
          <Button variant="secondary" onClick={() => void history.refetch()} loading={history.isFetching}>
            Tentar novamente
          </Button>
        </div>
      ) : history.data.length === 0 ? (
        <p className="text-ink-700">Nenhuma alteração registrada.</p>
      ) : (
        <ol className="space-y-4">
          {history.data.map((entry) => (
            <li key={entry.id} className="border-l-2 border-brand-200 pl-3">
              <p className="text-sm text-ink-700">
                <time dateTime={entry.created.replace(' ', 'T')}>{formatDateTime(entry.created)}</time> ·{' '}
                <span className="font-semibold text-ink-900">{entry.autor_nome || 'Sistema'}</span>
              </p>
              <ul className="mt-1 space-y-0.5 text-ink-900">
                {entry.alteracoes.map((change) => (
                  <Change key={change.campo} {...change} />
                ))}
              </ul>
              <MailLine entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
