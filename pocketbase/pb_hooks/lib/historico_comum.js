// What a booking's history records of a change, decided once for both runtimes: lib/historico.js (the kit, over
// records) and the demo double (src/mocks/agenda.ts, over plain objects). CommonJS requiring nothing: the fields
// (regras.json camposHistorico) and the way a value is read as the stored text are passed in.

/**
 * [{campo, de, para}] for the fields of `campos` whose stored text differs between `antes` and `depois`, each read
 * by `texto(registro, campo)`; [] when none changed (a save that records nothing).
 */
function alteracoes(campos, antes, depois, texto) {
  return campos
    .filter((campo) => texto(antes, campo) !== texto(depois, campo))
    .map((campo) => ({ campo: campo, de: texto(antes, campo), para: texto(depois, campo) }));
}

module.exports = { alteracoes };
