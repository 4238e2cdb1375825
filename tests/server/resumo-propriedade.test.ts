// The case summary exists twice (issue 26): SQL in the kit (pb_hooks/lib/processo_resumo.js, run on every save
// of a booking, an applicant or a document) and JavaScript in the demo double (src/mocks/case-summary.ts). This
// property runs both on the same random case files, on a real PocketBase: any drift between them fails it.
import fc from 'fast-check';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { caseSummary } from '@/mocks/case-summary';
import { insertRows, schemaRows } from '../../scripts/backend/seed.mjs';
import regras from '../../pocketbase/pb_hooks/lib/processo_regras.json';
import { scaleServer } from './helpers';

type Server = Awaited<ReturnType<typeof scaleServer>>['server'];

let server: Server;
let root: PocketBase;
const BOOKINGS = 120;

beforeAll(async () => {
  ({ server, root } = await scaleServer(BOOKINGS));
});

afterAll(async () => {
  await server?.stop();
});

// Every consulate's states, one state of two consulates, and states the rules do not know.
const UFS = [...new Set(Object.values(regras.consulados).flatMap((c) => c.ufs.slice(0, 2))), 'XX', ''];
const STATUSES = ['pendente', 'em_analise', 'aprovado', 'recusado'] as const;

const caseFile = fc.array(
  fc.record({
    uf: fc.constantFrom(...UFS),
    documents: fc.array(fc.constantFrom(...STATUSES), { maxLength: 5 }),
  }),
  { maxLength: 6 },
);

it('the kit (SQL) and the double (JavaScript) give every random case file the same consulate and documentation', async () => {
  const bookings = (
    await root.collection('agendamentos').getFullList({ fields: 'id', sort: 'created,id' })
  ).map((b) => b.id);
  expect(bookings).toHaveLength(BOOKINGS);
  const cases = fc.sample(caseFile, { numRuns: BOOKINGS, seed: 2611 });
  const requerentes: { id: string; agendamento: string; uf: string; nome: string }[] = [];
  const documentos: { id: string; agendamento: string; requerente: string; item: string; status: string }[] =
    [];
  cases.forEach((applicants, b) => {
    const agendamento = bookings[b] ?? '';
    applicants.forEach((applicant, r) => {
      const id = `r${String(b).padStart(4, '0')}${String(r).padStart(10, '0')}`;
      requerentes.push({ id, agendamento, uf: applicant.uf, nome: `Requerente ${r + 1}` });
      applicant.documents.forEach((status, d) =>
        documentos.push({
          id: `d${String(b).padStart(4, '0')}${String(r).padStart(5, '0')}${String(d).padStart(5, '0')}`,
          agendamento,
          requerente: id,
          item: `item${d}`,
          status,
        }),
      );
    });
  });
  // Straight into the database, then each booking saved through the API: its hook writes the summary from SQL.
  insertRows(server.dataDir, {
    requerentes: schemaRows('requerentes', requerentes),
    documentos: schemaRows('documentos', documentos),
  });
  for (const id of bookings) await root.collection('agendamentos').update(id, { nota_cliente: 'resumo' });
  const stored = await root
    .collection('agendamentos')
    .getFullList({ fields: 'id,consulado,documentacao', sort: 'created,id' });
  const double = { agendamentos: bookings.map((id) => ({ id })), requerentes, documentos };
  const expected = bookings.map((id) => ({
    id,
    ...(caseSummary(double, id) ?? { consulado: '', documentacao: 'pendente' }),
  }));
  expect(stored.map((b) => ({ id: b.id, consulado: b.consulado, documentacao: b.documentacao }))).toEqual(
    expected,
  );
  // The cases reach every state of both fields.
  const seen = (field: 'consulado' | 'documentacao') => new Set(expected.map((e) => e[field]));
  expect([...seen('documentacao')].sort()).toEqual(['aprovada', 'em_analise', 'pendente', 'recusada']);
  expect(seen('consulado')).toContain(regras.varios.id);
  expect(seen('consulado')).toContain('');
  expect(seen('consulado').size).toBeGreaterThan(5);
});
