/** Records as PocketBase returns them (collections usuarios, pagamentos, agendamentos, solicitacoes_exclusao). */
import { camposHistorico, statusAgendamento } from '../../pocketbase/pb_hooks/lib/regras.json';

export type BookingStatus = 'NOVO' | 'ANALISE_ERRO' | 'ANALISE_OK' | 'AGENDADO' | 'FINALIZADO';
/** The five statuses staff set, in their order (pocketbase/pb_hooks/lib/regras.json; statusInfo labels each). */
export const BOOKING_STATUSES = statusAgendamento as readonly BookingStatus[];

export const SERVICE_IDS = ['individual', 'familiar'] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

interface BaseRecord {
  id: string;
  collectionId?: string;
  collectionName?: string;
  /** "2024-01-02 15:04:05.123Z" (UTC, space instead of T) */
  created: string;
  updated: string;
}

export interface UserRecord extends BaseRecord {
  nome_completo: string;
  email: string;
  cpf: string;
  celular: string;
  verified: boolean;
  admin: boolean;
}

export interface PaymentRecord extends BaseRecord {
  usuario: string;
  tipo_servico: string;
  preco_servico: number;
  metodo_pagamento: 'cartao_credito' | 'pix' | string;
  numero_parcelas: number;
  asaas_id_pagamento: string;
  /** the Flex re-booking fee was bought */
  flex: boolean;
  /** the charge's last Asaas status (CONFIRMED, RECEIVED, REFUNDED, CHARGEBACK_REQUESTED...) */
  status_asaas: string;
  /** reais refunded so far (absent on older rows: nothing) */
  valor_estornado?: number;
  /** when the charge was paid (absent on older rows: `created`); the 7 days to withdraw count from it */
  pago_em?: string;
  /** the charge this order came from (absent on older rows) */
  cobranca?: string;
  /** its service invoice (NFS-e) at Asaas (pocketbase/pb_hooks/lib/notas.js); absent on older rows */
  nota_id?: string;
  /** '' (none), PENDENTE, ENVIANDO, DISPENSADA or Asaas's status (SCHEDULED, AUTHORIZED, ERROR...) */
  nota_status?: string;
  nota_numero?: string;
  /** the invoice's PDF at Asaas */
  nota_pdf?: string;
  /** Asaas's description of an error */
  nota_erro?: string;
  /** how many times the invoice was sent (staff send one in error again) */
  nota_tentativas?: number;
  /** for staff: a partial refund, or a cancellation Asaas refused */
  nota_alerta?: string;
  /** a refund Asaas never answered (estorno_comum.js incertoDe): reais asked (0 or absent: none) */
  estorno_incerto_valor?: number;
  /** when it was asked */
  estorno_incerto_em?: string;
  /** what had been refunded when it was asked */
  estorno_incerto_antes?: number;
  /** its call to Asaas has not come back yet (estorno_comum.js emAndamento) */
  estorno_em_voo?: boolean;
}

/**
 * A charge the server's Asaas proxy made (collection `cobrancas`, read-only for its customer). While one is
 * `ativa`, the server refuses another: this is how every device knows a payment is under way.
 */
export interface ChargeRecord extends BaseRecord {
  usuario: string;
  /** the browser's attempt id, sent to Asaas as externalReference */
  tentativa: string;
  asaas_id: string;
  metodo: 'cartao_credito' | 'pix';
  tipo_servico: ServiceId;
  flex: boolean;
  /** total in reais */
  valor: number;
  parcelas: number;
  /** ENVIANDO, INDETERMINADA, RECUSADA, NAO_CRIADA or the Asaas status (PENDING, CONFIRMED, ...) */
  status: string;
  ativa: boolean;
  /** why Asaas refused it */
  motivo: string;
  /** Asaas's `installment` id of a card charge in installments */
  parcelamento?: string;
  /** a paid charge made while the customer already had an order (refunded on its own, never an order) */
  duplicada?: boolean;
  /** the refund this server asked Asaas for: SOLICITADO, or FALHOU when Asaas refused it */
  estorno?: '' | 'SOLICITADO' | 'FALHOU';
}

export interface BookingRecord extends BaseRecord {
  usuario: string;
  /** the payment this booking came from (written by the server with it) */
  pagamento?: string;
  /** "" when empty, else a PocketBase date string */
  data_agendamento: string;
  /** "HH:mm" or "" */
  hora_agendamento: string;
  status_agendamento: string;
  local_agendamento: string;
  formulario: string;
  /** what staff tell the customer (what is wrong, for ANALISE_ERRO); e-mailed with the status */
  nota_cliente?: string;
  /** the case file's consulate (a processo_regras.json id, 'varios', or ''), kept by the server */
  consulado?: string;
  /** the case file's state: pendente, em_analise, recusada, aprovada (kept by the server) */
  documentacao?: string;
  /** the server's copy of its order's service invoice state (PaymentRecord.nota_status) */
  nota_status?: string;
  /** the status's place in the process (1 for NOVO …), kept by the server; the staff list sorts by it */
  status_ordem?: number;
  /** when the customer used the order's Flex (a new date), '' if never; and why (the server writes both) */
  flex_usado_em?: string;
  flex_motivo?: string;
  expand?: {
    usuario?: Pick<UserRecord, 'id' | 'nome_completo'> & Partial<UserRecord>;
    pagamento?: PaymentRecord;
  };
}

/** The fields of a booking whose changes the server records (collection historico_agendamentos). */
export type TrackedBookingField =
  | 'data_agendamento'
  | 'hora_agendamento'
  | 'local_agendamento'
  | 'status_agendamento'
  | 'nota_cliente'
  | 'formulario';
/** The booking fields whose changes the history records (regras.json camposHistorico, as the server). */
export const TRACKED_BOOKING_FIELDS = camposHistorico as readonly TrackedBookingField[];

/** One change of a booking, written by the server's hook: readable by staff only, writable by nobody. */
export interface BookingHistoryRecord extends Omit<BaseRecord, 'updated'> {
  agendamento: string;
  /** the staff member who saved; empty for the server's own changes */
  autor: string;
  /** the author's name when it happened ('Sistema' for the server) */
  autor_nome: string;
  /** stored values as strings, before and after */
  alteracoes: Array<{ campo: TrackedBookingField | string; de: string; para: string }>;
  /** the status e-mail this change sent: '' when none */
  email_para: string;
  email_status: '' | 'ENVIADO' | 'FALHOU' | string;
  email_assunto: string;
}

/**
 * A customer's request to delete their account (LGPD art. 18). The server sets the status: AGUARDANDO_ATENDIMENTO
 * while the customer has a booking in progress (any status but FINALIZADO), else PENDENTE; staff conclude it.
 */
export const DELETION_STATUSES = ['PENDENTE', 'AGUARDANDO_ATENDIMENTO', 'CONCLUIDA'] as const;
export type DeletionStatus = (typeof DELETION_STATUSES)[number];

export interface DeletionRequestRecord extends BaseRecord {
  usuario: string;
  status: DeletionStatus;
  /** optional, at most 1000 characters */
  motivo: string;
}

export interface ListResult<T> {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: T[];
}
