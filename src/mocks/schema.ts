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
  /** named like their PocketBase collections: the kit's own proxy and webhook (src/mocks/jsvm) write them */
  asaas_clientes: { id: string; usuario: string; asaas_id: string }[];
  tentativas_cartao: { id: string; usuario: string; ip: string; created: string }[];
  /** the webhook's events, each handled once (kept in the store, so a reload keeps them) */
  asaas_eventos: { id: string; evento_id: string; evento: string; asaas_id: string; resultado: string }[];
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
