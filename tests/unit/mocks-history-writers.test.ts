// @vitest-environment node
// The double writes no booking history of its own: every entry (an order's, a save's with its e-mail, the case
// file's, the booking day's) is the kit's own lib/historico.js, run by the JSVM stand-in (src/mocks/jsvm). No file
// of src/mocks pushes one.
import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const MOCKS = new URL('../../src/mocks/', import.meta.url);

it("only the history's writers push a booking's history entry", () => {
  const writers = readdirSync(MOCKS, { withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => f.name)
    .filter((file) => readFileSync(new URL(file, MOCKS), 'utf8').includes('historico_agendamentos.push('))
    .sort();
  expect(writers).toEqual([]);
});
