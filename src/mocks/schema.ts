/** What the demo backend stores: PocketBase's collections as the kit defines them, and the demo Asaas's books. */
import type { AsaasCustomer, AsaasPayment } from '../../fake-asaas/fake-asaas.mjs';
import type {
  BookingHistoryRecord,
  BookingRecord,
  ChargeRecord,
  DeletionRequestRecord,
  PaymentRecord,
  UserRecord,
} from '@/lib/types';
import type { DocumentoRecord, RequerenteRecord } from '@/lib/processo';
import type { DiaStore } from './dia-store';

export interface StoredUser extends UserRecord {
  /** Kept only here; never returned by a handler. */
  password: string;
  emailVisibility: boolean;
}

interface ActionToken {
  token: string;
  kind: 'verification' | 'reset';
  userId: string;
  email: string;
  /** epoch ms */
  expires: number;
}

export interface DemoDb {
  version: 3;
  usuarios: StoredUser[];
  pagamentos: PaymentRecord[];
  agendamentos: BookingRecord[];
  /** the server's books, as pocketbase/pb_migrations define them */
  cobrancas: ChargeRecord[];
  asaasClientes: { usuario: string; asaas_id: string }[];
  tentativasCartao: { usuario: string; at: number }[];
  /** the webhook's events, each handled once (the kit's asaas_eventos: kept in the store, so a reload keeps them) */
  asaasEventos: { evento_id: string; evento: string; asaas_id: string; resultado: string }[];
  tokens: ActionToken[];
  /** the demo Asaas's books (fake-asaas/fake-asaas.mjs keeps them) */
  asaasCustomers: AsaasCustomer[];
  asaasCharges: AsaasPayment[];
  /** named like its PocketBase collection, so the generic record handlers reach it */
  solicitacoes_exclusao: DeletionRequestRecord[];
  /** every change of a booking, as pb_hooks writes it; staff read it, nobody writes it */
  historico_agendamentos: BookingHistoryRecord[];
  /** the case file (src/mocks/processo.ts); its files live apart, in processo-files.ts */
  requerentes: RequerenteRecord[];
  documentos: DocumentoRecord[];
  /** booking day (dia-store.ts), made on first use */
  dia?: DiaStore;
}
