import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { PageLoading } from '@/components/ui/spinner';
import { brand } from '@/config/content';
import {
  bookingDayApi,
  bookingDayQueries,
  janelas,
  loadFailed,
  nextWindow,
  pbMs,
  useLive,
  whenLabel,
  withHandling,
  type AtendimentoRecord,
  type ConsuladoRecord,
} from '@/lib/api/booking-day';
import { useSession } from '@/lib/use-session';
import { CasePanel } from './case-panel';
import { LoadError } from './load-error';
import { PendingConfirmations } from './pending-confirmations';
import { ActionError, useAction } from './use-action';

/** '2 d 3 h', '3 h 05 min', '4 min 09 s'. */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${pad(m)} min`;
  return `${m} min ${pad(s % 60)} s`;
}

/** 'há 3 dias', 'há 5 h', 'há 12 min'. */
function waited(since: string, now: number) {
  const ms = now - (pbMs(since) || now);
  const h = Math.floor(ms / 3_600_000);
  if (h >= 48) return `há ${Math.floor(h / 24)} dias`;
  if (h >= 1) return `há ${h} h`;
  return `há ${Math.max(0, Math.floor(ms / 60_000))} min`;
}

type ReadyCase = Awaited<ReturnType<ReturnType<typeof bookingDayQueries.ready>['queryFn'] & {}>>[number];

/**
 * One ready case: who holds it, 'Assumir' / 'Abrir' / 'Soltar', and the case panel when open. A failed action says
 * why next to its buttons; the control that replaces the one pressed takes the focus (never the page's top).
 */
function CaseRow({
  booking: c,
  me,
  now,
  open,
  onOpen,
  consulado,
  refetch,
}: {
  booking: ReadyCase;
  me: string;
  now: number;
  open: boolean;
  onOpen: (open: boolean) => void;
  consulado: ConsuladoRecord | undefined;
  refetch: () => Promise<unknown>;
}) {
  // A back-relation through a unique index expands to one record, not a list.
  const expanded = c.expand?.atendimentos_via_agendamento;
  const handling = Array.isArray(expanded) ? expanded[0] : expanded;
  const holder = handling?.responsavel ?? '';
  const mine = holder === me;
  const { error, run, button } = useAction();
  const toggleButton = useRef<HTMLButtonElement>(null);
  const takeButton = useRef<HTMLButtonElement>(null);
  const name = useRef<HTMLHeadingElement>(null);
  // Where the focus goes once the list shows the action's outcome: the button that replaced the one pressed.
  const [focusTo, setFocusTo] = useState<'' | 'toggle' | 'take'>('');
  useEffect(() => {
    if (!focusTo) return;
    const target = (focusTo === 'toggle' ? toggleButton : takeButton).current;
    if (target && !target.disabled) target.focus();
    // Taken by someone else meanwhile: 'Assumir' is now 'Com …', disabled; the case's name takes the focus. Not the
    // layout effect's case below: after 'Soltar' the pressed button is gone, 'Com …' never had the focus.
    else if (focusTo === 'take' && holder && !mine) name.current?.focus();
    else return;
    setFocusTo('');
  }, [focusTo, holder, mine]);
  // Someone else took the case while 'Assumir' had the focus (refused on press, or a refetch of the list): it is now
  // a disabled 'Com …', and the browser would drop the focus to the page's start, so the case's name takes it.
  // A layout effect: it runs before the browser's own focus fix-up.
  useLayoutEffect(() => {
    if (holder && !mine && takeButton.current && document.activeElement === takeButton.current)
      name.current?.focus();
  }, [holder, mine]);

  return (
    <li className="rounded-2xl border border-gray-200 p-4">
      <div className="flex flex-wrap items-center gap-4">
        <div className="min-w-48 flex-1">
          <h3 ref={name} tabIndex={-1} className="font-bold text-ink-900">
            {c.expand?.usuario?.nome_completo ?? 'Cliente'}
          </h3>
          <p className="text-sm text-ink-700">
            Aguarda {waited(c.created, now)} ·{' '}
            {handling?.pronto ? 'Pronto na página' : 'Ainda não está pronto'}
            {holder && !mine ? ` · Com ${handling?.responsavel_nome}` : ''}
          </p>
        </div>
        {mine ? (
          <>
            <Button ref={toggleButton} variant="secondary" onClick={() => onOpen(!open)}>
              {open ? 'Fechar' : 'Abrir'}
            </Button>
            <Button
              variant="ghost"
              {...button('release')}
              onClick={async () => {
                if (!(await run(() => bookingDayApi.release(c.id), 'release'))) return;
                onOpen(false);
                setFocusTo('take');
                await refetch();
              }}
            >
              Soltar
            </Button>
          </>
        ) : (
          <Button
            ref={takeButton}
            {...button('take')}
            disabled={!!holder}
            onClick={async () => {
              const taken = await run(() => bookingDayApi.take(c.id), 'take');
              if (taken) onOpen(true);
              setFocusTo(taken ? 'toggle' : 'take');
              await refetch();
            }}
          >
            {holder ? `Com ${handling?.responsavel_nome}` : 'Assumir'}
          </Button>
        )}
      </div>
      <ActionError message={error} />
      {mine && open && handling ? (
        <CasePanel bookingId={c.id} handling={handling} consulado={consulado} />
      ) : null}
    </li>
  );
}

/** /dia: staff's opening-day screen, one consulate at a time. */
export function OpeningDayPage() {
  const session = useSession();
  const me = session?.id ?? '';
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selectId = useId();
  const consulates = useQuery(bookingDayQueries.consulates());
  const codigo = params.get('consulado') ?? 'sao_paulo';
  const consulado = consulates.data?.find((c) => c.codigo === codigo);
  const ready = useQuery({ ...bookingDayQueries.ready(codigo), refetchInterval: 15_000 });
  const [now, setNow] = useState(() => Date.now());
  const [open, setOpen] = useState('');
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  // Each change patches its case from the event (1,000 cases × 10 staff refetching the list on every change
  // was the opening minute's bottleneck: scripts/bench/bench-relay.mjs); the list itself is read again every 15 s.
  useLive<AtendimentoRecord>('atendimentos', '*', (event) => {
    const queryKey = bookingDayQueries.ready(codigo).queryKey;
    if (event && event.action !== 'delete')
      queryClient.setQueryData(queryKey, (cases) => withHandling(cases, event.record));
    else void queryClient.invalidateQueries({ queryKey });
  });

  if (consulates.isPending && !loadFailed(consulates)) return <PageLoading label="Carregando..." />;
  const next = nextWindow(consulado, now);
  const cases = ready.data ?? [];

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <title>{`Dia de abertura | ${brand.name}`}</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold">Dia de abertura</h1>
        <Link to="/consulados" className="font-semibold text-brand-800 underline">
          Dados dos consulados
        </Link>
      </div>
      {!consulates.data ? (
        <LoadError what="os consulados" className="mt-4" query={consulates} />
      ) : (
        <div className="mt-4 flex flex-wrap items-end gap-6">
          <label htmlFor={selectId} className="font-semibold">
            Consulado
            <select
              id={selectId}
              className={inputClass()}
              value={codigo}
              onChange={(e) => setParams({ consulado: e.target.value })}
            >
              {consulates.data.map((c) => (
                <option key={c.codigo} value={c.codigo}>
                  {c.nome}
                </option>
              ))}
            </select>
          </label>
          <div role="timer" aria-live="off" className="rounded-xl bg-brand-50 px-4 py-2">
            {next ? (
              <>
                <p className="text-sm text-ink-700">
                  Próxima janela: {janelas.diaDaSemana(next.inicioMs)}, {whenLabel(next.inicioMs, now)}
                  {next.servico ? ` (${next.servico})` : ''}
                </p>
                <p className="font-mono text-2xl font-bold text-brand-900">{countdown(next.faltaMs)}</p>
              </>
            ) : (
              <p className="text-ink-700">
                {consulado?.janelas_estado === 'nao_se_aplica'
                  ? 'Este consulado não agenda por janelas (pedido por e-mail).'
                  : 'Horário de liberação desconhecido para este consulado.'}
              </p>
            )}
          </div>
        </div>
      )}
      <h2 className="mt-8 text-xl font-bold">Prontos para agendar{ready.data ? ` (${cases.length})` : ''}</h2>
      {ready.isError || loadFailed(ready) ? (
        <LoadError
          what={
            ready.data ? 'a lista de novo: ela pode estar desatualizada' : 'os casos prontos para agendar'
          }
          query={ready}
        />
      ) : null}
      {ready.isPending && !loadFailed(ready) ? <p className="mt-2 text-ink-700">Carregando...</p> : null}
      {ready.data && cases.length === 0 ? (
        <p className="mt-2 text-ink-700">Nenhum caso em "Análise OK" neste consulado.</p>
      ) : null}
      <ul className="mt-3 space-y-3">
        {cases.map((c) => (
          <CaseRow
            key={c.id}
            booking={c}
            me={me}
            now={now}
            open={open === c.id}
            onOpen={(value) => setOpen(value ? c.id : '')}
            consulado={consulado}
            refetch={ready.refetch}
          />
        ))}
      </ul>
      <PendingConfirmations />
    </section>
  );
}
