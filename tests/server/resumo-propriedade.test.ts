// The case summary exists twice (issue 26): SQL in the kit (pb_hooks/lib/processo_resumo.js, run on every save
// of a booking, an applicant or a document, so the staff list filters one indexed table) and its JavaScript twin
// (processo_comum.js resumoDaLista), which the demo double answers with. This property writes random case files
// on a real PocketBase, one booking each, and holds what the server stores equal to the twin's answer.
import fc from 'fast-check';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, expect, it } from 'vitest';
import processoComum from '../../pocketbase/pb_hooks/lib/processo_comum.js';
import { insertRows, schemaRows } from '../../scripts/backend/seed.mjs';
import regras from '../../pocketbase/pb_hooks/lib/processo_regras.json';
import { scaleServer } from './helpers';

type Server = Awaited<ReturnType<typeof scaleServer>>['server'];

// Every state of both fields first (fast-check runs the examples first, within its runs), then random ones.
const RUNS = 40;
const STATUSES = ['pendente', 'em_analise', 'aprovado', 'recusado', ''] as const;
type CaseFile = { uf: string; documents: (typeof STATUSES)[number][] }[];
const EXAMPLES: [CaseFile][] = [
  [[]],
  [[{ uf: 'PR', documents: ['aprovado', 'aprovado'] }]],
  [[{ uf: 'XX', documents: ['aprovado', 'recusado', 'em_analise'] }]],
  [[{ uf: '', documents: ['aprovado', 'em_analise', 'pendente'] }]],
  [
    [
      { uf: 'PR', documents: ['aprovado', ''] },
      { uf: 'SP', documents: [] },
    ],
  ],
];

let server: Server;
let root: PocketBase;

beforeAll(async () => {
  ({ server, root } = await scaleServer(RUNS));
});

afterAll(async () => {
  await server?.stop();
});

// Every state the rules serve, and states they do not know ('XX', 'ZZ', none): a stored UF is two capitals or ''.
const UFS = [...Object.values(regras.consulados).flatMap((c) => c.ufs), 'XX', 'ZZ', ''];

const caseFile: fc.Arbitrary<CaseFile> = fc.array(
  fc.record({
    uf: fc.constantFrom(...UFS),
    documents: fc.array(fc.constantFrom(...STATUSES), { maxLength: 5 }),
  }),
  { maxLength: 6 },
);

it("the booking's stored consulate and documentation (the kit's SQL) are the twin's on random case files", async () => {
  const bookings = (
    await root.collection('agendamentos').getFullList({ fields: 'id', sort: 'created,id' })
  ).map((b) => b.id);
  let run = 0;
  const stored = async (id: string) => {
    const b = await root.collection('agendamentos').getOne(id, { fields: 'consulado,documentacao' });
    return { consulado: b.consulado as string, documentacao: b.documentacao as string };
  };
  await fc.assert(
    fc.asyncProperty(caseFile, async (applicants) => {
      // One unused booking a run (its stored summary is the bench's random one until the server writes it).
      const b = run++;
      const agendamento = bookings[b] ?? '';
      const requerentes = applicants.map((a, r) => ({
        id: `r${String(b).padStart(4, '0')}${String(r).padStart(10, '0')}`,
        agendamento,
        uf: a.uf,
        nome: `Requerente ${r + 1}`,
      }));
      const documentos = applicants.flatMap((a, r) =>
        a.documents.map((status, d) => ({
          id: `d${String(b).padStart(4, '0')}${String(r).padStart(5, '0')}${String(d).padStart(5, '0')}`,
          agendamento,
          requerente: requerentes[r]?.id ?? '',
          item: `item${d}`,
          status,
        })),
      );
      // Straight into the database: the statuses a review would take many requests to reach.
      insertRows(server.dataDir, {
        requerentes: schemaRows('requerentes', requerentes),
        documentos: schemaRows('documentos', documentos),
      });
      const twin = processoComum.resumoDaLista(requerentes, documentos, regras);
      // An applicant saved: its hook's UPDATE writes the summary (processo_resumo.js atualizar) ...
      const [first] = requerentes;
      if (first) {
        await root.collection('requerentes').update(first.id, {});
        expect(await stored(agendamento)).toEqual(twin);
      }
      // ... and the booking saved: its own SELECT (calcular) writes it again.
      await root.collection('agendamentos').update(agendamento, { nota_cliente: `resumo ${b}` });
      expect(await stored(agendamento)).toEqual(twin);
    }),
    { numRuns: RUNS, examples: EXAMPLES, endOnFailure: true },
  );
  expect(run).toBe(RUNS);
});
