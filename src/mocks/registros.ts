/**
 * The record API of every collection (list, view, create, update, delete) with each collection's rules, as
 * pocketbase/pb_migrations define them; creating an account and a deletion request are handed to their domain
 * (contas.ts, conta.ts), a booking save to the kit's own hooks (jsvm/kit.ts).
 */
import { http, HttpResponse } from 'msw';
import { customerIndexedKeys, customerSearchKey, INDEXED_KEY_FIELDS } from '@/lib/search-key';
import type {
  BookingHistoryRecord,
  BookingRecord,
  ChargeRecord,
  DeletionRequestRecord,
  PaymentRecord,
} from '@/lib/types';
import { caseSummary } from './case-summary';
import { diaStore } from './dia-store';
import { getDb } from './db';
import type { StoredUser } from './schema';
import { listResponse, viewResponse } from './lista';
import { FIELDS, USER_FIELDS, type CollectionName } from './collections';
import { kitUpdateRequest } from './jsvm/kit';
import { prepararExclusao } from './conta';
import { registerUser, updateOwnAccount } from './contas';
import {
  currentUser,
  fieldOf,
  type Json,
  latency,
  MSG,
  notFound,
  param,
  pbError,
  presentUser,
  readJson,
  toText,
} from './http';
import { pagarPixDemo } from './asaas';
import { conciliarAtiva } from './jsvm/kit';
import paginas from '../../pocketbase/pb_hooks/lib/paginas.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { allows, asReadBy, readableBy, ruleOf } from './rules';

type Row =
  | StoredUser
  | PaymentRecord
  | BookingRecord
  | ChargeRecord
  | DeletionRequestRecord
  | BookingHistoryRecord;
/** The proxy's server-only collections: every non-superuser call answers 403. */
const SERVER_ONLY = ['asaas_clientes', 'asaas_eventos', 'tentativas_cartao'];

function isCollection(name: string): name is CollectionName {
  return name in FIELDS;
}

/**
 * A collection's rows. A list of payments or charges (`lister`: who reads it) first settles the reader's own live
 * charge (pb_hooks/lib/pedidos.js conciliarNaLeitura): the rows read show its new status, an order it wrote the
 * next read.
 */
function rowsOf(name: CollectionName, lister?: StoredUser | null): readonly Row[] {
  if (name !== 'cobrancas' && name !== 'pagamentos') return getDb()[name];
  pagarPixDemo();
  const rows = [...getDb()[name]];
  if (lister) conciliarAtiva(lister.id);
  return rows;
}

export const ownerOf = (row: Row): StoredUser | undefined => {
  const id = 'usuario' in row ? row.usuario : row.id;
  return getDb().usuarios.find((u) => u.id === id);
};

function isField(name: CollectionName, path: string): boolean {
  if (FIELDS[name].includes(path)) return true;
  // Through the customer (`usuario.nome_completo`), where the collection has that relation.
  if (!FIELDS[name].includes('usuario') || !path.startsWith('usuario.')) return false;
  const field = path.slice('usuario.'.length);
  return USER_FIELDS.includes(field);
}

/** Resolves `field` or `usuario.field` (through the relation), as filters and sort do. */
function resolvePath(row: Row, path: string): unknown {
  const dot = path.indexOf('.');
  if (path === 'busca' && 'usuario' in row) {
    const owner = ownerOf(row);
    return owner ? customerSearchKey(owner) : '';
  }
  // The key columns the server keeps from the account (pb_hooks/lib/busca.js), as the search reads them.
  if (INDEXED_KEY_FIELDS.includes(path) && 'status_agendamento' in row) {
    const owner = ownerOf(row);
    return owner ? customerIndexedKeys(owner)[path as 'busca_cpf'] : '';
  }
  // The case summary the server keeps (pb_hooks/lib/processo_resumo.js): from the applicants and documents.
  if ((path === 'consulado' || path === 'documentacao') && 'status_agendamento' in row)
    return caseSummary(getDb(), toText(fieldOf(row, 'id')))[path];
  // The copy of its order's invoice state the server keeps on each booking (pb_hooks/lib/notas.js).
  if (path === 'nota_status' && 'status_agendamento' in row) {
    const payment = getDb().pagamentos.find((p) => p.id === row.pagamento);
    return payment?.nota_status ?? '';
  }
  // The status's place in the process the server keeps on each booking (pb_hooks/lib/status_ordem.js), which
  // the staff list sorts its status column by (pb_hooks/lib/paginas.js chavesDe).
  if (path === 'status_ordem' && 'status_agendamento' in row)
    return paginas.ordemDoStatus(row.status_agendamento, regras);
  if (dot < 0) return fieldOf(row, path);
  // A user's field; `busca` is the server's search key (pb_hooks/usuarios.pb.js).
  const [owner, key] = [ownerOf(row), path.slice(dot + 1)];
  if (!owner) return null;
  return key === 'busca' ? customerSearchKey(owner) : fieldOf(owner, key);
}

function present(name: CollectionName, row: Row, viewer: StoredUser | null, expand: readonly string[]): Json {
  if (name === 'usuarios') return presentUser(row as StoredUser, viewer);
  const out: Json = { ...row };
  // The columns the server keeps on a booking from other records (resolvePath).
  if (name === 'agendamentos')
    for (const key of ['busca', 'consulado', 'documentacao', 'nota_status', 'status_ordem'])
      out[key] = resolvePath(row, key);
  const expanded: Json = {};
  const owner = expand.includes('usuario') ? ownerOf(row) : undefined;
  // Left out when the viewer may not see the record, as PocketBase does.
  if (owner && allows('usuarios', 'view', owner, viewer)) expanded.usuario = presentUser(owner, viewer);
  const paymentId = expand.includes('pagamento') && 'pagamento' in row ? row.pagamento : undefined;
  const payment = paymentId ? getDb().pagamentos.find((p) => p.id === paymentId) : undefined;
  if (payment && allows('pagamentos', 'view', payment, viewer)) expanded.pagamento = { ...payment };
  // Booking day's handling of a booking (unique per booking: PocketBase expands it as one record).
  const handling = expand.includes('atendimentos_via_agendamento')
    ? diaStore().atendimentos.find((a) => a.agendamento === row.id)
    : undefined;
  if (handling && allows('atendimentos', 'view', handling, viewer))
    expanded.atendimentos_via_agendamento = asReadBy('atendimentos', viewer, handling);
  if (Object.keys(expanded).length > 0) out.expand = expanded;
  return out;
}

const expandParam = (request: Request): string[] =>
  (new URL(request.url).searchParams.get('expand') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function listRecords(name: CollectionName, request: Request): Response {
  const viewer = currentUser(request);
  const query = new URL(request.url).searchParams;
  // Asked without the total, PocketBase leaves it out (-1); the kit fills it in for a staff member's bookings
  // without a filter, or with one it counts and `contar=1` (pb_hooks/lib/lista_equipe.js totalDaEquipe).
  const kitCounts =
    name === 'agendamentos' &&
    paginas.contagemDaEquipe(viewer?.admin === true, query.get('filter') ?? '', query.get('contar')) !== null;
  const expand = expandParam(request);
  return listResponse(name, rowsOf(name, viewer), request, {
    canSee: readableBy(name, viewer),
    resolve: resolvePath,
    isField: (path) => isField(name, path),
    present: (row) => present(name, row, viewer, expand),
    skipTotal: ['1', 'true'].includes(query.get('skipTotal') ?? '') && !kitCounts,
  });
}

function viewRecord(name: CollectionName, request: Request, id: string): Response {
  const viewer = currentUser(request);
  const expand = expandParam(request);
  return viewResponse(rowsOf(name), id, readableBy(name, viewer, 'view'), (row) =>
    present(name, row, viewer, expand),
  );
}

async function createRecord(name: CollectionName, request: Request): Promise<Response> {
  const body = await readJson(request);
  if (!body) return pbError(400, MSG.invalidJson);
  // Written by the server only (no create rule: pagamentos, agendamentos, cobrancas, the history).
  if (ruleOf(name, 'create') === null) return pbError(403, MSG.superuser);
  if (name === 'usuarios') return registerUser(body, currentUser(request), request);
  if (name === 'solicitacoes_exclusao') return prepararExclusao(body, currentUser(request), request);
  throw new Error(`the double does not create ${name} records`);
}

async function updateRecord(name: CollectionName, request: Request, id: string): Promise<Response> {
  // No update rule (pagamentos, cobrancas, the history; a deletion request, which staff conclude in
  // PocketBase's admin screen): superusers only.
  if (ruleOf(name, 'update') === null) return pbError(403, MSG.superuser);
  const viewer = currentUser(request);
  const body = await readJson(request);
  if (!body) return pbError(400, MSG.invalidJson);
  if (name === 'usuarios') return updateOwnAccount(id, viewer, body, request);

  // A failed update rule reads as "not found".
  const booking = getDb().agendamentos.find((b) => b.id === id);
  if (!booking || !viewer || !allows(name, 'update', booking, viewer, body)) return notFound();
  // The kit's own save (agendamentos.pb.js: lib/agenda.js salvar, then the model hooks), through the JSVM stand-in.
  return kitUpdateRequest(name, id, body, request, (row) =>
    HttpResponse.json(present(name, row as unknown as Row, viewer, expandParam(request))),
  );
}

/**
 * A record route: after the double's latency, `handler` for a collection of the schema, PocketBase's 404 for any
 * other name.
 */
const route = (
  method: 'get' | 'post' | 'patch' | 'delete',
  path: string,
  handler: (name: CollectionName, request: Request, id: string) => Response | Promise<Response>,
) =>
  http[method](path, async ({ request, params }) => {
    await latency();
    const name = param(params, 'collection');
    return isCollection(name)
      ? handler(name, request, param(params, 'id'))
      : pbError(404, MSG.missingCollection);
  });

const RECORDS = '*/api/collections/:collection/records';

export const recordRoutes = [
  // The proxy's own books: superusers only, whatever the call.
  http.all(`${RECORDS}*`, ({ params }) =>
    SERVER_ONLY.includes(param(params, 'collection')) ? pbError(403, MSG.superuser) : undefined,
  ),
  route('get', RECORDS, listRecords),
  route('get', `${RECORDS}/:id`, viewRecord),
  route('post', RECORDS, createRecord),
  route('patch', `${RECORDS}/:id`, updateRecord),
  route('delete', `${RECORDS}/:id`, (name) => {
    if (ruleOf(name, 'delete') !== null) throw new Error(`the double does not delete ${name} records`);
    return pbError(403, MSG.superuser);
  }),
];
