/** What the demo backend stores: PocketBase's collections as the kit defines them, and the demo Asaas's books. */
import type {
  BookingHistoryRecord,
  BookingRecord,
  ChargeRecord,
  DeletionRequestRecord,
  PaymentRecord,
  UserRecord,
} from '@/lib/types';
import type { DocumentoRecord, RequerenteRecord } from '@/lib/processo';

export interface StoredUser extends UserRecord {
  /** Kept only here; never returned by a handler. */
  password: string;
  emailVisibility: boolean;
}

export interface ActionToken {
  token: string;
  kind: 'verification' | 'reset';
  userId: string;
  email: string;
  /** epoch ms */
  expires: number;
}

export interface AsaasCustomer {
  id: string;
  name: string;
  cpfCnpj: string;
  email: string;
  dateCreated: string;
}

/** A charge as Asaas holds it (the demo's Asaas side). Card data is not kept beyond the last four digits. */
export interface AsaasCharge {
  id: string;
  installment: string | null;
  customer: string;
  billingType: 'CREDIT_CARD' | 'PIX';
  status: string;
  externalReference: string;
  value: number;
  totalValue: number;
  netValue: number;
  installmentCount: number;
  dueDate: string;
  description: string;
  creditCardLast4: string | null;
  remoteIp: string | null;
  dateCreated: string;
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
  tokens: ActionToken[];
  asaasCustomers: AsaasCustomer[];
  asaasCharges: AsaasCharge[];
  /** named like its PocketBase collection, so the generic record handlers reach it */
  solicitacoes_exclusao: DeletionRequestRecord[];
  /** every change of a booking, as pb_hooks writes it; staff read it, nobody writes it */
  historico_agendamentos: BookingHistoryRecord[];
  /** the case file (src/mocks/processo.ts); its files live apart, in processo-files.ts */
  requerentes: RequerenteRecord[];
  documentos: DocumentoRecord[];
}
