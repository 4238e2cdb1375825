/** Records as PocketBase returns them (collections usuarios, pagamentos, agendamentos). */

export const BOOKING_STATUSES = ['NOVO', 'ANALISE_ERRO', 'ANALISE_OK', 'AGENDADO', 'FINALIZADO'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

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
}

export interface BookingRecord extends BaseRecord {
  usuario: string;
  /** "" when empty, else a PocketBase date string */
  data_agendamento: string;
  /** "HH:mm" or "" */
  hora_agendamento: string;
  status_agendamento: string;
  local_agendamento: string;
  formulario: string;
  expand?: { usuario?: Pick<UserRecord, 'id' | 'nome_completo'> & Partial<UserRecord> };
}

export interface ListResult<T> {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: T[];
}
