// @vitest-environment node
// The double writes a booking's history as the kit does, through its copy of lib/historico.js: dia.ts `note`
// (registrarNota) and `serverChange` (registrarMudanca, registrarCriacao); a save's entry with its e-mail (agenda.ts
// registrarAlteracao: its lines are the kit's historico_comum.js, its e-mail email_texto.js's), which the case
// file's changes (processo-rules.ts salvarAgendamento) go through too, and a document's line. No other file pushes one.
import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const MOCKS = new URL('../../src/mocks/', import.meta.url);

it("only the history's writers push a booking's history entry", () => {
  const writers = readdirSync(MOCKS)
    .filter((file) => readFileSync(new URL(file, MOCKS), 'utf8').includes('historico_agendamentos.push('))
    .sort();
  expect(writers).toEqual(['agenda.ts', 'dia.ts', 'processo-rules.ts']);
});
