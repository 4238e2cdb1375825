/** The demo backend's data store: memory, mirrored to sessionStorage in the browser so a reload keeps it. */
import type {
  BookingHistoryRecord,
  BookingRecord,
  ChargeRecord,
  DeletionRequestRecord,
  PaymentRecord,
  UserRecord,
} from '@/lib/types';
import type { DocumentoRecord, RequerenteRecord } from '@/lib/processo';
import { clearMailbox } from './mailbox';
import { resetLimits } from './limits';
import { buildSeed } from './seed';

export { newId, pbDate } from './util';

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

export const STORAGE_KEY = 'demo-db-v3';

let current: DemoDb | null = null;

/** Only a real browser run persists; under vitest every test starts from memory. */
function storage(): Storage | null {
  return typeof sessionStorage !== 'undefined' && import.meta.env.MODE !== 'test' ? sessionStorage : null;
}

function isDemoDb(value: unknown): value is DemoDb {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Record<keyof DemoDb, unknown>>;
  return (
    v.version === 3 &&
    [
      v.usuarios,
      v.pagamentos,
      v.agendamentos,
      v.cobrancas,
      v.asaasClientes,
      v.tentativasCartao,
      v.tokens,
      v.asaasCustomers,
      v.asaasCharges,
      v.solicitacoes_exclusao,
      v.historico_agendamentos,
      v.requerentes,
      v.documentos,
    ].every(Array.isArray)
  );
}

function load(): DemoDb | null {
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isDemoDb(parsed) ? parsed : null;
  } catch {
    return null; // corrupt or blocked storage: fall back to the seed
  }
}

export function getDb(): DemoDb {
  current ??= load() ?? buildSeed();
  return current;
}

export function saveDb(): void {
  const store = storage();
  if (!store || !current) return;
  try {
    store.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    // quota or privacy mode: the demo keeps working from memory
  }
}

/** Restores the seed (demo 'Restaurar dados de demonstração' button, and tests after each test). */
export function resetDb(): void {
  current = buildSeed();
  clearMailbox();
  resetLimits();
  saveDb();
}
