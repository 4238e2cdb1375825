// @vitest-environment node
// The double writes a booking's history as the kit does, through its copy of lib/historico.js: dia.ts `note`
// (registrarNota); an order's entries (registrarCriacao, registrarMudanca) and a save's entry
// with its e-mail (registrarAlteracao) are the kit's own lib/historico.js, run by the JSVM stand-in (jsvm/kit.ts
// gravarAgendamento), and so are the case file's (processo.pb.js through the stand-in). No other file pushes one.
import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const MOCKS = new URL('../../src/mocks/', import.meta.url);

it("only the history's writers push a booking's history entry", () => {
  const writers = readdirSync(MOCKS, { withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => f.name)
    .filter((file) => readFileSync(new URL(file, MOCKS), 'utf8').includes('historico_agendamentos.push('))
    .sort();
  expect(writers).toEqual(['dia.ts']);
});
