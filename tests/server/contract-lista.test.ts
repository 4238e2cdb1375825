// The contract suite, the staff list's export (issue #26): the same calls against the demo's stand-in and the
// real server. Which filters and sorts an export may name is the kit's decision (lib/csv_agendamentos.js
// pedidoDaEquipe), which both run: the double gave a file for the relation below before it asked the kit.
import { describe, expect, it } from 'vitest';
import kitCsv from '../../pocketbase/pb_hooks/lib/csv_agendamentos.js';
import { resetDb } from '@/mocks/db';
import { answerInFull, BACKENDS, signedIn } from './contract-backends';

describe.each(BACKENDS)('$name', (backend) => {
  resetDb();
  const exportar = async (query: Record<string, string>) =>
    answerInFull((await signedIn(backend, 'admin')).send('/api/agendamentos/exportar.csv', { query }));

  it("exports the list's own filter and sort", async () => {
    expect(await exportar({ filter: "status_agendamento = 'NOVO'", sort: '-created' })).toEqual({
      status: 200,
    });
  });

  it.each([
    ['a field of the customer (a relation)', { filter: 'usuario.email ~ "demo"' }],
    ['a hidden field of the customer', { filter: 'usuario.password ~ "a"' }],
    ['a modifier', { filter: 'status_agendamento:lower = "novo"' }],
    ['a request macro', { filter: '@request.auth.id != ""' }],
    ['an unknown field', { sort: 'nao_existe' }],
    ['a filter left open', { filter: 'status_agendamento = "NOVO' }],
  ])('refuses an export naming %s with the pt-BR reason', async (_, query) => {
    expect(await exportar({ sort: '-created', ...query })).toMatchObject({
      status: 400,
      message: kitCsv.MSG.invalido,
    });
  });
});
