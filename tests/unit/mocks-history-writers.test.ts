// @vitest-environment node
// The double writes a booking's history as the kit does, through its copy of lib/historico.js: dia.ts `note`
// (registrarNota) and `serverChange` (registrarMudanca, registrarCriacao); a staff save's entry with its e-mail
// (agenda.ts, registrarAlteracao) and the case file's (processo-rules.ts) are their own. No other file pushes one.
import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const MOCKS = new URL('../../src/mocks/', import.meta.url);

it("only the history's writers push a booking's history entry", () => {
  const writers = readdirSync(MOCKS)
    .filter((file) => readFileSync(new URL(file, MOCKS), 'utf8').includes('historico_agendamentos.push('))
    .sort();
  expect(writers).toEqual(['agenda.ts', 'dia.ts', 'processo-rules.ts']);
});
