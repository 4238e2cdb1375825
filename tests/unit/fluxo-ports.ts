// The fake ports the *-fluxo tests share (pocketbase/pb_hooks/lib/*_fluxo.js run on them): a log of steps that
// marks those taken inside a transaction, the transaction itself, a history note, and a scripted Asaas.

/** Asaas's answer to one call, as the flows read it. */
export type Answer = { status: number; json: unknown };

/** What a scripted Asaas answers once its answers run out: no answer at all (the network's failure). */
const NO_ANSWER: Answer = { status: 0, json: null };

/**
 * A log of steps (`steps`) and the ports' transaction: `step` logs a step, with 'tx ' before it when it is taken
 * inside the transaction (`dentro`); `marcas`, when given, are logged as the transaction starts and ends.
 */
export function stepLog(marcas?: [string, string]) {
  const steps: string[] = [];
  let inside = false;
  const step = (s: string) => {
    steps.push((inside ? 'tx ' : '') + s);
  };
  const transacao = (fazer: () => void) => {
    if (marcas) steps.push(marcas[0]);
    inside = true;
    fazer();
    inside = false;
    if (marcas) steps.push(marcas[1]);
  };
  return { steps, step, transacao, dentro: () => inside };
}

/** A history note port that logs `nota <booking> <field> <text>` through `step`. */
export const notaLogged =
  (step: (s: string) => void) =>
  (id: string, campo: string, texto: string): void =>
    step(`nota ${id} ${campo} ${texto}`);

/** Asaas scripted: each call handed to `chamada`, then answered by the next of `answers` (none left: NO_ANSWER). */
export const scriptedAsaas =
  (answers: Answer[], chamada: (metodo: string, caminho: string, corpo?: Record<string, unknown>) => void) =>
  (metodo: string, caminho: string, corpo?: Record<string, unknown>): Answer => {
    chamada(metodo, caminho, corpo);
    return answers.shift() ?? NO_ANSWER;
  };
