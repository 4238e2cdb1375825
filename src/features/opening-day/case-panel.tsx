import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import {
  appointmentDateRefusal,
  bookingDayApi,
  bookingDayQueries,
  ESTADOS_CONTA,
  janelas,
  loadFailed,
  pbMs,
  RESULTADOS,
  useLive,
  type ApplicantAccount,
  type AtendimentoRecord,
  type ConsuladoRecord,
  type Resultado,
} from '@/lib/api/booking-day';
import { caseFileQueries } from '@/lib/api/case-file';
import { paths } from '@/config/routes';
import { toast } from '@/lib/toast';
import { LoadError } from './load-error';
import { ActionError, useAction } from './use-action';

/** The portal's "Note per la sede" holds 100 characters. */
export const NOTE_MAX = 100;

const ESTADO_CIVIL: Record<string, string> = {
  solteiro: 'Celibe/Nubile',
  casado: 'Coniugato/a',
  divorciado: 'Divorziato/a',
  viuvo: 'Vedovo/a',
  uniao_estavel: 'Unione civile',
};

/** The date as the portal asks for it: dd/mm/aaaa. */
const dmy = (iso: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(8)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '';

/** Each applicant's data in the order of the portal's form, each with a copy button. */
function PortalData({ applicant, note }: { applicant: ApplicantAccount; note: string }) {
  const rows: [string, string][] = [
    ['Cognome (sobrenome)', applicant.sobrenome],
    ['Nome', applicant.nome],
    ['Data di nascita', dmy(applicant.data_nascimento)],
    ['Luogo di nascita', applicant.local_nascimento],
    ['Sesso', applicant.sexo],
    ['Stato civile', ESTADO_CIVIL[applicant.estado_civil] ?? ''],
    ['Altezza (cm)', applicant.altura_cm ? String(applicant.altura_cm) : ''],
    [
      'Indirizzo',
      [
        applicant.logradouro,
        applicant.numero,
        applicant.complemento,
        applicant.cidade,
        applicant.uf,
        applicant.cep,
      ]
        .filter(Boolean)
        .join(', '),
    ],
    ['E-mail (Prenot@mi)', applicant.prenotami_email ?? ''],
    ['Cellulare (Prenot@mi)', applicant.prenotami_celular ?? ''],
    ['Passaporto precedente', applicant.passaporte_numero],
    ['Note per la sede', note],
  ];
  return (
    <dl className="mt-2 divide-y divide-gray-100">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-wrap items-center gap-2 py-1.5">
          <dt className="w-full shrink-0 text-sm text-ink-600 sm:w-48">{label}</dt>
          <dd className="flex min-w-0 flex-1 items-center gap-2">
            <span className="min-w-0 flex-1 break-words font-mono text-ink-900">{value || '—'}</span>
            <Button
              variant="ghost"
              className="min-h-9 px-3 py-1 text-sm"
              disabled={!value}
              aria-label={`Copiar ${label}`}
              onClick={() => {
                void navigator.clipboard?.writeText(value).then(
                  () => toast.success(`${label} copiado.`),
                  () => toast.error('Não foi possível copiar.'),
                );
              }}
            >
              Copiar
            </Button>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Applicants of other bookings with this one's Prenot@mi e-mail or mobile: the customer is not told (it would
 * reveal another family's contact), so staff see it here before booking on that account.
 */
function SharedContacts({ applicant }: { applicant: ApplicantAccount }) {
  const shared = useQuery(bookingDayQueries.sharedContacts(applicant));
  if (!shared.data?.length) return null;
  return (
    <div role="note" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p className="font-semibold">Contato do Prenot@mi também usado em outro agendamento:</p>
      <ul className="mt-1 list-disc pl-5">
        {shared.data.map((other) => {
          const what = [
            other.prenotami_email && other.prenotami_email === applicant.prenotami_email ? 'e-mail' : '',
            other.prenotami_celular && other.prenotami_celular === applicant.prenotami_celular
              ? 'celular'
              : '',
          ].filter(Boolean);
          return (
            <li key={other.id}>
              <Link to={paths.bookingDetails(other.agendamento)} className="font-semibold underline">
                {`${other.nome} ${other.sobrenome}`.trim() || 'Requerente sem nome'}
              </Link>{' '}
              ({what.join(' e ')}). Confirme com os clientes antes de agendar: cada requerente precisa da
              própria conta.
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const receivedLabel = (r: { enviado_em: string }) =>
  r.enviado_em
    ? `recebido às ${janelas.horaLocal(pbMs(r.enviado_em), janelas.FUSO_PADRAO, true)}`
    : 'digitando…';

/** What the customer relays, as they type it (the holder alone reads it: the server's rule). */
function RelayPanel({ handling, bookingId }: { handling: AtendimentoRecord; bookingId: string }) {
  const queryClient = useQueryClient();
  const relays = useQuery(bookingDayQueries.relays(bookingId));
  const { error, run, button } = useAction();
  const askButton = useRef<HTMLButtonElement>(null);
  useLive(
    'retransmissoes',
    '*',
    () => void queryClient.invalidateQueries({ queryKey: bookingDayQueries.relays(bookingId).queryKey }),
  );
  const ask = async (tipo: '' | 'senha' | 'codigo') => {
    const done = await run(() => bookingDayApi.ask(bookingId, tipo), tipo || 'encerrar');
    if (done) await queryClient.invalidateQueries({ queryKey: bookingDayQueries.all() });
    // 'Encerrar pedido' leaves with what it closed: the focus goes to 'Pedir código', not the page's top.
    if (done && tipo === '') askButton.current?.focus();
  };
  const asked = handling.pedido;
  // Newest first (the query's order): the first of each kind is what goes into the portal, the rest is stale.
  const list = relays.data ?? [];
  const current = list.filter((r, i) => list.findIndex((x) => x.tipo === r.tipo) === i);
  const older = list.filter((r) => !current.includes(r));
  return (
    <section aria-labelledby="relay-title" className="rounded-2xl border-2 border-brand-700 p-4">
      <h3 id="relay-title" className="text-lg font-bold">
        Acesso e código do cliente
      </h3>
      <p className="mt-1 text-sm text-ink-700">
        {handling.pronto
          ? 'O cliente está pronto na página de prontidão.'
          : 'O cliente ainda não disse que está pronto.'}{' '}
        {asked ? `Pedido agora: ${asked === 'codigo' ? 'código' : 'acesso (senha)'}.` : 'Nada pedido agora.'}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" {...button('senha')} onClick={() => void ask('senha')}>
          Pedir acesso
        </Button>
        <Button ref={askButton} {...button('codigo')} onClick={() => void ask('codigo')}>
          Pedir código
        </Button>
        {asked ? (
          <Button variant="ghost" {...button('encerrar')} onClick={() => void ask('')}>
            Encerrar pedido
          </Button>
        ) : null}
      </div>
      <ActionError message={error} />
      {loadFailed(relays) ? (
        <LoadError what="o que o cliente digitou" className="mt-3" query={relays} />
      ) : null}
      <ul aria-live="polite" className="mt-3 space-y-2">
        {current.map((r) => (
          <li
            key={r.id}
            className="flex flex-wrap items-center gap-3 rounded-lg border-2 border-brand-700 bg-brand-50 px-3 py-2"
          >
            <span className="text-sm font-bold text-brand-900">
              {r.tipo === 'codigo' ? 'Último código' : 'Última senha'}
            </span>
            <output
              data-testid="relay-value"
              className="font-mono text-2xl font-bold tracking-widest text-ink-900"
            >
              {r.valor || '…'}
            </output>
            <span className="text-sm text-ink-600">{receivedLabel(r)}</span>
            <Button
              variant="ghost"
              className="min-h-9 px-3 py-1 text-sm"
              disabled={!r.valor}
              onClick={() => void navigator.clipboard?.writeText(r.valor)}
            >
              Copiar
            </Button>
          </li>
        ))}
      </ul>
      {older.length > 0 ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-semibold text-ink-700">
            Valores anteriores, substituídos ({older.length}): não use
          </summary>
          <ul className="mt-2 space-y-1">
            {older.map((r) => (
              <li
                key={r.id}
                data-testid="relay-old"
                className="flex flex-wrap items-center gap-3 px-3 text-ink-600"
              >
                <span>{r.tipo === 'codigo' ? 'Código substituído' : 'Senha substituída'}</span>
                <s className="font-mono text-lg">{r.valor || '…'}</s>
                <span>{receivedLabel(r)}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <p className="mt-2 text-xs text-ink-600">
        Apagado 10 minutos depois de digitado. Nunca vai para o histórico.
      </p>
    </section>
  );
}

/** One click per attempt; 'Outro' asks for a note. */
function Attempts({ bookingId }: { bookingId: string }) {
  const queryClient = useQueryClient();
  const noteId = useId();
  const [note, setNote] = useState('');
  const { error, run, button } = useAction();
  const noteInput = useRef<HTMLInputElement>(null);
  const attempts = useQuery(bookingDayQueries.attempts(bookingId));
  const record = async (resultado: Resultado) => {
    if (!(await run(() => bookingDayApi.attempt(bookingId, resultado, note), resultado))) return;
    setNote('');
    // 'Outro' turns disabled with the note emptied: the focus goes back to the note, not the page's top.
    if (resultado === 'outro') noteInput.current?.focus();
    toast.success(`Tentativa registrada: ${RESULTADOS[resultado].toLowerCase()}.`);
    await queryClient.invalidateQueries({ queryKey: bookingDayQueries.attempts(bookingId).queryKey });
  };
  return (
    <section aria-labelledby="attempts-title" className="rounded-2xl border border-gray-200 p-4">
      <h3 id="attempts-title" className="text-lg font-bold">
        Registrar tentativa
      </h3>
      <div className="mt-2 flex flex-wrap gap-2">
        {(['sem_vagas', 'codigo_nao_chegou', 'codigo_errado', 'portal_fora', 'agendado'] as const).map(
          (r) => (
            <Button key={r} variant="secondary" {...button(r)} onClick={() => void record(r)}>
              {RESULTADOS[r]}
            </Button>
          ),
        )}
      </div>
      <label htmlFor={noteId} className="mt-3 block text-sm font-semibold">
        Outro (descreva)
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={noteInput}
          id={noteId}
          className={inputClass()}
          maxLength={300}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <Button
          variant="secondary"
          {...button('outro')}
          disabled={button('outro').disabled || !note.trim()}
          onClick={() => void record('outro')}
        >
          Outro
        </Button>
      </div>
      <ActionError message={error} />
      {loadFailed(attempts) ? <LoadError what="as tentativas" query={attempts} /> : null}
      <p className="mt-2 text-sm text-ink-700">
        {attempts.data === undefined
          ? ''
          : attempts.data.length
            ? `${attempts.data.length} tentativa(s) registrada(s).`
            : 'Nenhuma tentativa registrada.'}
      </p>
    </section>
  );
}

/** Each applicant's appointment (or the family's): date, time, the portal's code, the confirmation file. */
function AppointmentForm({ bookingId, applicants }: { bookingId: string; applicants: ApplicantAccount[] }) {
  const queryClient = useQueryClient();
  const appointments = useQuery(bookingDayQueries.appointments(bookingId));
  const { busy, error, setError, run } = useAction();
  const [whoError, setWhoError] = useState('');
  const id = useId();
  const firstApplicant = useRef<HTMLInputElement>(null);
  const dateInput = useRef<HTMLInputElement>(null);
  const covered = new Set((appointments.data ?? []).flatMap((a) => a.requerentes));
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    if (data.getAll('requerentes').length === 0) {
      setWhoError('Escolha para quem é o agendamento.');
      firstApplicant.current?.focus();
      return;
    }
    setWhoError('');
    // A past day is refused here as the server would (its own rule and words), before anything is sent.
    const pastDate = appointmentDateRefusal(String(data.get('data') ?? ''));
    if (pastDate) {
      setError(pastDate);
      dateInput.current?.focus();
      return;
    }
    data.set('agendamento', bookingId);
    if (!(data.get('comprovante') as File | null)?.size) data.delete('comprovante');
    if (!(await run(() => bookingDayApi.appointment(data)))) return;
    form.reset();
    toast.success('Agendamento salvo.');
    await queryClient.invalidateQueries({ queryKey: bookingDayQueries.all() });
  };
  return (
    <section aria-labelledby={`${id}-t`} className="rounded-2xl border border-gray-200 p-4">
      <h3 id={`${id}-t`} className="text-lg font-bold">
        Agendamentos
      </h3>
      {loadFailed(appointments) ? <LoadError what="os agendamentos já salvos" query={appointments} /> : null}
      <ul className="mt-2 space-y-1 text-sm">
        {(appointments.data ?? []).map((a) => (
          <li key={a.id}>
            {a.requerentes.map((r) => applicants.find((x) => x.id === r)?.nome ?? '').join(', ')}:{' '}
            {dmy(a.data)} às {a.hora} · {a.codigo_portal || 'sem código'}
          </li>
        ))}
      </ul>
      <form className="mt-3 grid gap-3 sm:grid-cols-2" onSubmit={(e) => void submit(e)}>
        <fieldset className="sm:col-span-2" aria-describedby={whoError ? `${id}-who` : undefined}>
          <legend className="text-sm font-semibold">Para quem</legend>
          {applicants.map((a, i) => (
            <label key={a.id} className="mr-4 inline-flex min-h-11 items-center gap-2">
              <input
                ref={i === 0 ? firstApplicant : undefined}
                type="checkbox"
                name="requerentes"
                value={a.id}
                defaultChecked={!covered.has(a.id) && applicants.length === 1}
                aria-invalid={whoError ? true : undefined}
                aria-describedby={whoError ? `${id}-who` : undefined}
                onChange={() => setWhoError('')}
              />
              {a.nome} {a.sobrenome} {covered.has(a.id) ? '(já agendado)' : ''}
            </label>
          ))}
          {whoError ? (
            <p id={`${id}-who`} role="alert" className="mt-1 text-sm font-semibold text-accent-700">
              {whoError}
            </p>
          ) : null}
        </fieldset>
        <label className="text-sm font-semibold">
          Data
          <input ref={dateInput} name="data" type="date" required className={inputClass()} />
        </label>
        <label className="text-sm font-semibold">
          Hora
          <input name="hora" type="time" required className={inputClass()} />
        </label>
        <label className="text-sm font-semibold">
          Código do Prenot@mi
          <input name="codigo_portal" maxLength={60} className={inputClass()} />
        </label>
        <label className="text-sm font-semibold">
          Confirmação (PDF ou imagem)
          <input
            name="comprovante"
            type="file"
            accept="application/pdf,image/jpeg,image/png"
            className="mt-2 block w-full"
          />
        </label>
        <ActionError message={error} className="sm:col-span-2" />
        <Button type="submit" loading={busy} loadingText="Salvando..." className="sm:col-span-2">
          Salvar agendamento
        </Button>
      </form>
    </section>
  );
}

/** The applicant's Prenot@mi account, as staff last saw it; a refused change says why under the list. */
function AccountState({ applicant, bookingId }: { applicant: ApplicantAccount; bookingId: string }) {
  const queryClient = useQueryClient();
  const { busy, error, run } = useAction();
  return (
    <>
      <label className="mt-1 flex items-center gap-2 text-sm">
        Conta Prenot@mi:
        <select
          className={inputClass()}
          value={applicant.prenotami_estado ?? ''}
          aria-busy={busy || undefined}
          onChange={async (e) => {
            if (await run(() => bookingDayApi.accountState(applicant.id, e.target.value)))
              await queryClient.invalidateQueries({
                queryKey: caseFileQueries.applicants(bookingId).queryKey,
              });
          }}
        >
          <option value="">Não informado</option>
          {Object.entries(ESTADOS_CONTA).map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      </label>
      <ActionError message={error} />
    </>
  );
}

/** The case staff hold: each applicant's data for the portal, the relay, attempts and appointments. */
export function CasePanel({
  bookingId,
  handling,
  consulado,
}: {
  bookingId: string;
  handling: AtendimentoRecord;
  consulado: ConsuladoRecord | undefined;
}) {
  const applicants = useQuery(caseFileQueries.applicants(bookingId));
  const list = (applicants.data ?? []) as ApplicantAccount[];
  // The others of the family, for consulates that take minors or companions in the notes.
  const noteOf = (a: ApplicantAccount) =>
    list
      .filter((x) => x.id !== a.id)
      .map((x) => `${x.nome} ${x.sobrenome} ${dmy(x.data_nascimento)}`.trim())
      .join('; ')
      .slice(0, NOTE_MAX);
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-2">
      <div className="space-y-4">
        {loadFailed(applicants) ? (
          <LoadError what="os requerentes deste caso" className="mt-0" query={applicants} />
        ) : null}
        {list.map((a) => (
          <section
            key={a.id}
            aria-label={`${a.nome} ${a.sobrenome}`}
            className="rounded-2xl border border-gray-200 p-4"
          >
            <h3 className="text-lg font-bold">
              {a.nome} {a.sobrenome}
            </h3>
            <AccountState applicant={a} bookingId={bookingId} />
            <SharedContacts applicant={a} />
            <PortalData applicant={a} note={consulado?.modo_familia === 'individual' ? '' : noteOf(a)} />
          </section>
        ))}
      </div>
      <div className="space-y-4">
        <RelayPanel handling={handling} bookingId={bookingId} />
        <Attempts bookingId={bookingId} />
        <AppointmentForm bookingId={bookingId} applicants={list} />
      </div>
    </div>
  );
}
