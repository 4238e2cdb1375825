/** The demo backend's data store: memory, mirrored to sessionStorage in the browser so a reload keeps it. */
import { clearMailbox } from './mailbox';
import { resetLimits } from './limits';
import type { DemoDb } from './schema';
import { buildSeed } from '../../demo-seed/seed';

export { newId, pbDate } from './util';

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
      v.asaas_clientes,
      v.tentativas_cartao,
      v.asaas_eventos,
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

/** Puts back a copy taken before (a failed transaction of the JSVM stand-in, src/mocks/jsvm, rolls back so). */
export function replaceDb(db: DemoDb): void {
  current = db;
  saveDb();
}

/** What else a reset clears, beside the store (the JSVM stand-in's `$app.store()`: src/mocks/jsvm). */
const onResets: (() => void)[] = [];
export const onReset = (clear: () => void): void => void onResets.push(clear);

/** Restores the seed (demo 'Restaurar dados de demonstração' button, and tests after each test). */
export function resetDb(): void {
  current = buildSeed();
  clearMailbox();
  resetLimits();
  onResets.forEach((clear) => clear());
  saveDb();
}
