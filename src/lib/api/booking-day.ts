import { queryOptions } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { useEffect, useRef, useState } from 'react';
import { pb } from '@/lib/pocketbase';
import { ownText } from '@/lib/server-message';
import type { RequerenteRecord } from '@/lib/processo';
import calendario, { type LinhaPendente } from '../../../pocketbase/pb_hooks/lib/calendario.js';
import diaComum from '../../../pocketbase/pb_hooks/lib/dia_comum.js';
import janelas, { type Janela } from '../../../pocketbase/pb_hooks/lib/janelas.js';

/**
 * Booking day (issue #27; pocketbase/pb_hooks/lib/dia.js, retransmissao.js): the consulates, a booking's
 * handling (who holds it, standby, what staff ask for), the relay, the attempts and the appointments. Shared by
 * the customer's standby page, tracking and staff's opening-day screen.
 */
export { janelas, calendario };
export type { Janela };

export interface ConsuladoRecord {
  id: string;
  codigo: string;
  nome: string;
  canal: 'prenotami' | 'email' | 'outro' | 'desconhecido';
  janelas: Janela[] | null;
  janelas_estado: 'conhecidas' | 'desconhecidas' | 'nao_se_aplica';
  fuso: string;
  modo_familia: 'individual' | 'familia' | 'menores_com_responsavel' | 'desconhecido';
  confirmacao: 'sim' | 'nao' | 'desconhecido';
  confirmacao_quando: string;
  endereco: string;
  observacoes: string;
  fonte: string;
  verificado_em: string;
  updated: string;
}

export interface AtendimentoRecord {
  id: string;
  agendamento: string;
  consulado: string;
  janela: string;
  responsavel: string;
  responsavel_nome: string;
  pronto: boolean;
  pronto_em: string;
  pedido: '' | 'senha' | 'codigo';
  pedido_em: string;
  /** When the customer last finished a relayed password or code (the guarantee's clock). */
  entregue_em?: string;
  /** When staff recorded the code handed over as wrong or expired (dia_comum.js tentativaNoAtendimento). */
  recusado_em?: string;
  updated: string;
}

export interface RetransmissaoRecord {
  id: string;
  agendamento: string;
  atendimento: string;
  tipo: 'senha' | 'codigo';
  valor: string;
  expira_em: string;
  enviado_em: string;
  created: string;
}

export type Resultado =
  | 'sem_vagas'
  | 'codigo_nao_chegou'
  | 'codigo_errado'
  | 'portal_fora'
  | 'agendado'
  | 'outro';

export interface TentativaRecord {
  id: string;
  agendamento: string;
  resultado: Resultado;
  nota: string;
  autor_nome: string;
  /** The consulate window it was made in, and what it meant for the guarantee (both set by the server). */
  janela?: string;
  garantia?: '' | 'conta' | 'correcao' | 'documentos' | 'codigo' | 'fora';
  created: string;
}

export interface CompromissoRecord {
  id: string;
  agendamento: string;
  requerentes: string[];
  data: string;
  hora: string;
  /** The consulate's record id (set by the server from the booking's consulate). */
  consulado?: string;
  local: string;
  codigo_portal: string;
  comprovante: string;
  /** When the owner said it is confirmed in the portal ("Já confirmei"); '' if not (the server writes it). */
  confirmado_em?: string;
  /** Cancelled by the customer's Flex request or by the consulate (staff record it); '' while active. */
  cancelamento?: '' | 'flex' | 'consulado';
  cancelado_em?: string;
  created: string;
}

/** Staff's list of appointments whose portal confirmation was not recorded (GET /api/confirmacoes/pendentes). */
export type PendingConfirmation = LinhaPendente;

export type ApplicantAccount = RequerenteRecord & {
  prenotami_email?: string;
  prenotami_celular?: string;
  prenotami_estado?: '' | 'a_criar' | 'criada' | 'verificada' | 'bloqueada';
};

/**
 * Where the customer stands on what staff ask for, from their booking's handling (dia_comum.js estadoDoPedido):
 * '' nothing asked, 'pedido', 'recebido', or 'recusado' (the code handed over was wrong or expired).
 */
export const estadoDoPedido = diaComum.estadoDoPedido;

/** An attempt's results as staff choose them: the kit's words (dia_comum.js RESULTADOS, the history's), capitalised. */
export const RESULTADOS = Object.fromEntries(
  Object.entries(diaComum.RESULTADOS).map(([key, words]) => [
    key,
    words.charAt(0).toUpperCase() + words.slice(1),
  ]),
) as Record<Resultado, string>;

export const ESTADOS_CONTA = {
  a_criar: 'A criar',
  criada: 'Criada',
  verificada: 'Verificada',
  bloqueada: 'Bloqueada',
} as const;

const byBooking = (id: string) => pb.filter('agendamento = {:id}', { id });

export const bookingDayQueries = {
  all: () => ['dia'] as const,
  consulates: () =>
    queryOptions({
      queryKey: [...bookingDayQueries.all(), 'consulados'] as const,
      queryFn: () => pb.collection('consulados').getFullList<ConsuladoRecord>({ sort: 'nome' }),
      staleTime: 60_000,
    }),
  consulateHistory: (id: string) =>
    queryOptions({
      queryKey: [...bookingDayQueries.all(), 'historico_consulados', id] as const,
      queryFn: () =>
        pb.collection('historico_consulados').getFullList<{
          id: string;
          autor_nome: string;
          alteracoes: { campo: string; de: string; para: string }[];
          created: string;
        }>({ filter: pb.filter('consulado = {:id}', { id }), sort: '-created' }),
      enabled: id !== '',
    }),
  handling: (bookingId: string) =>
    queryOptions({
      queryKey: [...bookingDayQueries.all(), 'atendimento', bookingId] as const,
      queryFn: async () =>
        (
          await pb
            .collection('atendimentos')
            .getList<AtendimentoRecord>(1, 1, { filter: byBooking(bookingId) })
        ).items[0] ?? null,
      enabled: bookingId !== '',
    }),
  attempts: (bookingId: string) =>
    queryOptions({
      queryKey: [...bookingDayQueries.all(), 'tentativas', bookingId] as const,
      queryFn: () =>
        pb
          .collection('tentativas_agendamento')
          .getFullList<TentativaRecord>({ filter: byBooking(bookingId), sort: '-created' }),
      enabled: bookingId !== '',
    }),
  appointments: (bookingId: string) =>
    queryOptions({
      queryKey: [...bookingDayQueries.all(), 'compromissos', bookingId] as const,
      queryFn: () =>
        pb
          .collection('compromissos')
          .getFullList<CompromissoRecord>({ filter: byBooking(bookingId), sort: 'data,hora' }),
      enabled: bookingId !== '',
    }),
  pendingConfirmations: () =>
    queryOptions({
      queryKey: [...bookingDayQueries.all(), 'confirmacoes-pendentes'] as const,
      queryFn: () => pb.send<PendingConfirmation[]>('/api/confirmacoes/pendentes', {}),
    }),
  /** Newest first: the first of each kind is the one staff type into the portal. */
  relays: (bookingId: string) =>
    queryOptions({
      queryKey: [...bookingDayQueries.all(), 'retransmissoes', bookingId] as const,
      queryFn: () =>
        pb
          .collection('retransmissoes')
          .getFullList<RetransmissaoRecord>({ filter: byBooking(bookingId), sort: '-created' }),
      enabled: bookingId !== '',
    }),
  /**
   * Staff: applicants of other bookings with this applicant's Prenot@mi e-mail or mobile. The customer is never
   * told (lib/dia.js deOutro asks only the customer's own applicants), so staff check it before booking.
   */
  sharedContacts: (applicant: ApplicantAccount) => {
    const email = applicant.prenotami_email ?? '';
    const celular = applicant.prenotami_celular ?? '';
    return queryOptions({
      queryKey: [...bookingDayQueries.all(), 'contatos', applicant.agendamento, email, celular] as const,
      queryFn: () =>
        pb.collection('requerentes').getFullList<ApplicantAccount>({
          filter: pb.filter(
            "agendamento != {:agendamento} && ((prenotami_email != '' && prenotami_email = {:email}) || (prenotami_celular != '' && prenotami_celular = {:celular}))",
            { agendamento: applicant.agendamento, email, celular },
          ),
          sort: 'created',
        }),
      enabled: email !== '' || celular !== '',
    });
  },
  /** Staff: the bookings ready to book at a consulate (ANALISE_OK), oldest first, with their handling. */
  ready: (consulado: string) =>
    queryOptions({
      queryKey: [...bookingDayQueries.all(), 'prontos', consulado] as const,
      queryFn: () =>
        pb.collection('agendamentos').getFullList<{
          id: string;
          created: string;
          updated: string;
          usuario: string;
          expand?: {
            usuario?: { nome_completo: string; email: string; celular: string };
            atendimentos_via_agendamento?: AtendimentoRecord | AtendimentoRecord[];
          };
        }>({
          filter: pb.filter("status_agendamento = 'ANALISE_OK' && consulado = {:c}", { c: consulado }),
          sort: 'created',
          expand: 'usuario,atendimentos_via_agendamento',
        }),
      enabled: consulado !== '',
    }),
};

/**
 * The ready list with one case's handling replaced by `record` (a realtime event), so the opening-day screen
 * follows every change without asking the server for the whole list again; unchanged when the case is not in it.
 */
export function withHandling<
  C extends {
    id: string;
    expand?: { atendimentos_via_agendamento?: AtendimentoRecord | AtendimentoRecord[] };
  },
>(cases: C[] | undefined, record: AtendimentoRecord): C[] | undefined {
  if (!cases?.some((c) => c.id === record.agendamento)) return cases;
  return cases.map((c) =>
    c.id === record.agendamento ? { ...c, expand: { ...c.expand, atendimentos_via_agendamento: record } } : c,
  );
}

const post = <T>(path: string, body: Record<string, unknown> = {}) =>
  pb.send<T>(path, { method: 'POST', body });

export const bookingDayApi = {
  take: (bookingId: string) => post<AtendimentoRecord>(`/api/dia/${bookingId}/assumir`),
  release: (bookingId: string) => post<AtendimentoRecord>(`/api/dia/${bookingId}/soltar`),
  ask: (bookingId: string, tipo: '' | 'senha' | 'codigo') =>
    post<AtendimentoRecord>(`/api/dia/${bookingId}/pedir`, { tipo }),
  ready: (bookingId: string) => post<AtendimentoRecord>(`/api/dia/${bookingId}/pronto`),
  accountState: (applicantId: string, estado: string) =>
    post<{ prenotami_estado: string }>(`/api/dia/requerentes/${applicantId}/prenotami`, { estado }),
  /** The customer's keystrokes: the first creates the value, the next ones rewrite it. */
  relay: async (
    current: { id: string } | null,
    data: {
      agendamento: string;
      atendimento: string;
      tipo: 'senha' | 'codigo';
      valor: string;
      enviar?: boolean;
    },
  ): Promise<{ id: string }> => {
    if (current) {
      await pb
        .collection('retransmissoes')
        .update(current.id, { valor: data.valor, ...(data.enviar ? { enviar: true } : {}) });
      return current;
    }
    return pb.collection('retransmissoes').create<{ id: string }>(data);
  },
  attempt: (agendamento: string, resultado: Resultado, nota: string) =>
    pb.collection('tentativas_agendamento').create({ agendamento, resultado, nota }),
  /** The owner's "Já confirmei" (inside the window, where the consulate asks for it: the server checks). */
  confirmed: (appointmentId: string) =>
    post<CompromissoRecord>(`/api/compromissos/${appointmentId}/confirmado`),
  /** The owner's Flex request: a new date; the case goes back to the ready list. */
  flex: (bookingId: string, motivo: string) => post(`/api/agendamentos/${bookingId}/flex`, { motivo }),
  /** Staff: the consulate cancelled the appointment (free of charge, Flex untouched). */
  consulateCancelled: (bookingId: string, motivo: string) =>
    post(`/api/agendamentos/${bookingId}/cancelamento-consulado`, { motivo }),
  appointment: (data: FormData) => pb.collection('compromissos').create<CompromissoRecord>(data),
};

/**
 * Calls `onChange` whenever a record of `collection` matching `topic` ('*' or an id) changes: PocketBase's
 * realtime on the real server (under the collection's rules, so each person hears only what they may read),
 * with the changed record; a 1 s poll in demo mode, whose in-browser backend has no event stream (no record).
 * The server checks the rule for every client subscribed to a topic on every change: a page interested in one
 * record subscribes to its id, not '*' (1,000 standby pages on '*' made each change cost 1,000 rule queries).
 */
export function useLive<T = Record<string, unknown>>(
  collection: string,
  topic: string,
  onChange: (event?: { action: string; record: T }) => void,
  enabled = true,
) {
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  });
  useEffect(() => {
    if (!enabled || topic === '') return;
    if (__DEMO__) {
      const timer = window.setInterval(() => callback.current(), 1000);
      return () => window.clearInterval(timer);
    }
    let unsubscribe: (() => Promise<void>) | null = null;
    let closed = false;
    void pb
      .collection(collection)
      .subscribe<T>(topic, (event) => callback.current({ action: event.action, record: event.record }))
      .then((stop) => {
        if (closed) void stop();
        else unsubscribe = stop;
      })
      .catch(() => undefined);
    // A tab back from the background asks again at once (a phone may have dropped the stream meanwhile).
    const visible = () => {
      if (document.visibilityState === 'visible') callback.current();
    };
    document.addEventListener('visibilitychange', visible);
    return () => {
      closed = true;
      document.removeEventListener('visibilitychange', visible);
      if (unsubscribe) void unsubscribe();
    };
  }, [collection, topic, enabled]);
}

/**
 * False while the browser is offline ('offline' event) or, on the real server, while PocketBase's realtime stream
 * is down: a page waiting for staff's request cannot hear it then. `onBack` runs when both are up again (to read
 * what changed meanwhile). The demo's in-browser backend has no stream: the browser's state alone.
 */
export function useOnline(onBack: () => void): boolean {
  const back = useRef(onBack);
  useEffect(() => {
    back.current = onBack;
  });
  const [browser, setBrowser] = useState(() => navigator.onLine);
  const [stream, setStream] = useState(true);
  useEffect(() => {
    const on = () => {
      setBrowser(true);
      back.current();
    };
    const off = () => setBrowser(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  useEffect(() => {
    if (__DEMO__) return;
    const realtime = pb.realtime;
    const previous = realtime.onDisconnect;
    let dropped = false;
    // Called with the live subscriptions when the stream drops; with none when the last one was closed on purpose.
    realtime.onDisconnect = (subscriptions) => {
      previous?.(subscriptions);
      if (subscriptions.length === 0) return;
      dropped = true;
      setStream(false);
    };
    let stop: (() => Promise<void>) | null = null;
    let closed = false;
    // PB_CONNECT arrives on every (re)connection of the stream.
    void realtime
      .subscribe('PB_CONNECT', () => {
        setStream(true);
        if (dropped) back.current();
        dropped = false;
      })
      .then((unsubscribe) => {
        if (closed) void unsubscribe();
        else stop = unsubscribe;
      })
      .catch(() => undefined);
    return () => {
      closed = true;
      realtime.onDisconnect = previous;
      if (stop) void stop();
    };
  }, []);
  return browser && stream;
}

/**
 * A query that failed and has nothing to show: also while it is asked again (React Query puts a query without
 * data back to 'pending' on each retry, which would flash a spinner, or an empty list, in place of the error).
 */
export const loadFailed = (query: { isError: boolean; data: unknown; errorUpdatedAt: number }) =>
  query.data === undefined && (query.isError || query.errorUpdatedAt > 0);

/** 'Segunda-feira, 01/12 às 16:00' of the next window of a consulate, and ms until it; null when unknown. */
export function nextWindow(consulado: ConsuladoRecord | undefined, now: number) {
  if (!consulado || consulado.janelas_estado !== 'conhecidas') return null;
  const next = janelas.proximaJanela(consulado.janelas ?? [], consulado.fuso, now);
  return next ? { ...next, faltaMs: next.inicioMs - now } : null;
}

/** What a failed record call of the booking day tells its user: the server's rule (a 400), or to try again. */
export function recordErrorMessage(error: unknown): string {
  return error instanceof ClientResponseError && error.status === 400
    ? error.message
    : 'Não foi possível registrar agora. Tente novamente em alguns minutos.';
}

const APPOINTMENT_FIELDS: Record<string, string> = {
  requerentes: 'Escolha para quem é o agendamento.',
  data: 'Informe a data do atendimento.',
  hora: 'Informe a hora do atendimento.',
  codigo_portal: 'Confira o código do Prenot@mi.',
  local: 'Confira o local do atendimento.',
  comprovante: 'Confira o arquivo da confirmação.',
};

const FILE_ERRORS: Record<string, string> = {
  validation_file_size_limit: 'O arquivo da confirmação é grande demais. Envie um arquivo menor.',
  validation_invalid_mime_type: 'A confirmação precisa ser um PDF, JPEG ou PNG.',
};

/** The server's own pt-BR sentences (lib/server-message.ts); PocketBase's English ones are not for staff. */
const isPortuguese = (text: string) => ownText(text) !== null;

/**
 * What a refused appointment tells staff, in pt-BR: the kit's own message for a field, or one per field in place
 * of PocketBase's English ('Cannot be blank.'), else the server's pt-BR message or a generic one.
 */
export function appointmentErrorMessage(error: unknown): string {
  if (!(error instanceof ClientResponseError)) return 'Não foi possível salvar. Tente de novo.';
  if (error.status === 0) return 'Sem conexão com o servidor. Verifique a internet e tente de novo.';
  const data = (error.response.data ?? {}) as Record<string, { code?: unknown; message?: unknown }>;
  for (const [field, detail] of Object.entries(data)) {
    const text = typeof detail?.message === 'string' ? detail.message : '';
    if (isPortuguese(text)) return text;
    const code = typeof detail?.code === 'string' ? detail.code : '';
    if (field === 'comprovante' && FILE_ERRORS[code]) return FILE_ERRORS[code];
    const known = APPOINTMENT_FIELDS[field];
    if (known) return known;
  }
  const message = typeof error.response.message === 'string' ? error.response.message : '';
  if (isPortuguese(message)) return message;
  return error.status >= 500
    ? 'O servidor não conseguiu concluir agora. Tente de novo em alguns instantes.'
    : 'Não foi possível salvar. Confira os dados e tente de novo.';
}

/** São Paulo's day, 'YYYY-MM-DD' (the day the server's date rules read as today). */
const todaySP = (now: number) => janelas.diaLocal(now).split('/').reverse().join('-');

/**
 * Why an appointment's day ('YYYY-MM-DD') is refused before it is sent, or '': a past day, in the server's own
 * words (dia_comum.js recusaDaData, the rule the server applies).
 */
export const appointmentDateRefusal = (data: string, now = Date.now()) =>
  diaComum.recusaDaData('', data, todaySP(now))?.message ?? '';

/** Epoch ms of a date PocketBase stored ('2026-11-30 19:00:00.000Z': UTC); 0 when empty. */
export function pbMs(value: string | undefined | null): number {
  const ms = Date.parse(String(value ?? '').replace(' ', 'T'));
  return Number.isNaN(ms) ? 0 : ms;
}

/** 'hoje às 16:00' or 'em 02/12/2026 às 16:00' (the standby page and its e-mail say the same). */
export const whenLabel = (ms: number, now: number, fuso = janelas.FUSO_PADRAO) =>
  janelas.quando(ms, fuso, now);

export function fileUrl(
  record: { collectionId?: string; id: string },
  collection: string,
  name: string,
  token: string,
) {
  return `${pb.baseURL.replace(/\/$/, '')}/api/files/${collection}/${record.id}/${encodeURIComponent(name)}?token=${token}`;
}

/** The owner keeps an applicant's own Prenot@mi contacts current (the server refuses the company's and another's). */
export const saveApplicantAccount = (
  id: string,
  conta: { prenotami_email: string; prenotami_celular: string },
) => pb.collection('requerentes').update(id, conta);

/** Staff keep a consulate's facts current (each change goes into its history on the server). */
export const saveConsulate = (id: string, data: Record<string, unknown>) =>
  pb.collection('consulados').update(id, data);
