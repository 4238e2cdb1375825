// The customer's own data (LGPD), decided once: what the export shows of the case file and of the history, and
// what a deletion request may send and becomes. lib/conta.js reads the records into plain objects and asks this
// module; the demo double (src/mocks/conta.ts) asks it too. CommonJS requiring nothing (scripts/build/kit-module.ts).

/** A document as the export lists it: which item, its state and file names; never its contents, nor who reviewed. */
const CAMPOS_DO_DOCUMENTO = [
  'id',
  'agendamento',
  'requerente',
  'item',
  'status',
  'motivo',
  'motivo_texto',
  'arquivos',
  'created',
  'updated',
];

function documentoListado(documento) {
  const listado = {};
  CAMPOS_DO_DOCUMENTO.forEach((campo) => (listado[campo] = documento[campo]));
  return listado;
}

/** A history entry as its customer sees it: staff act as 'Equipe', never as a named member of staff. */
function entradaDoCliente(entrada, sistema) {
  const vista = {};
  Object.keys(entrada).forEach((campo) => {
    if (campo !== 'autor') vista[campo] = entrada[campo];
  });
  vista.autor_nome = entrada.autor_nome === sistema ? sistema : 'Equipe';
  return vista;
}

/** A deletion request's field errors ({ campo: { code, message } }): its id is the server's. */
function errosDaExclusao(body) {
  return body.id !== undefined
    ? { id: { code: 'validation_forbidden', message: 'Campo não permitido.' } }
    : {};
}

/** A deletion request's status: an account with a booking not yet FINALIZADO is kept until the booking ends. */
function statusDaExclusao(statusDosAgendamentos) {
  return statusDosAgendamentos.some((s) => s !== 'FINALIZADO') ? 'AGUARDANDO_ATENDIMENTO' : 'PENDENTE';
}

module.exports = {
  CAMPOS_DO_DOCUMENTO,
  documentoListado,
  entradaDoCliente,
  errosDaExclusao,
  statusDaExclusao,
};
