// What the export holds and how a deletion request is recorded.

function publico(registro) {
  const dados = registro.publicExport();
  delete dados.tokenKey;
  delete dados.password;
  return dados;
}

/** A history entry as its customer sees it: staff act as 'Equipe', never as a named member of staff. */
function entradaDoCliente(entrada) {
  const dados = publico(entrada);
  const sistema = require(`${__hooks}/lib/historico.js`).SISTEMA;
  delete dados.autor;
  dados.autor_nome = dados.autor_nome === sistema ? sistema : 'Equipe';
  return dados;
}

function doUsuario(app, colecao, usuarioId) {
  return app.findRecordsByFilter(colecao, 'usuario = {:u}', '-created', 0, 0, { u: usuarioId }).map(publico);
}

/** A case file's document as the export lists it: which item, its state and file names, never the contents. */
function documentoListado(registro) {
  return {
    id: registro.id,
    agendamento: registro.getString('agendamento'),
    requerente: registro.getString('requerente'),
    item: registro.getString('item'),
    status: registro.getString('status'),
    motivo: registro.getString('motivo'),
    motivo_texto: registro.getString('motivo_texto'),
    arquivos: registro.getStringSlice('arquivos'),
    created: registro.getString('created'),
    updated: registro.getString('updated'),
  };
}

/** The case file of the customer's bookings: applicants (their data) and documents (the list). */
function processo(app, agendamentos) {
  const de = (colecao) =>
    agendamentos.flatMap((a) =>
      app.findRecordsByFilter(colecao, 'agendamento = {:a}', 'created', 0, 0, { a: a.id }),
    );
  return { requerentes: de('requerentes').map(publico), documentos: de('documentos').map(documentoListado) };
}

/**
 * GET /api/conta/exportar: the account, payments, charges, bookings, their history, the case file
 * (applicants and the list of documents) and the deletion request.
 */
function exportar(e) {
  const usuario = e.auth;
  const agendamentos = doUsuario(e.app, 'agendamentos', usuario.id);
  let historico = [];
  try {
    historico = agendamentos.flatMap((a) =>
      e.app
        .findRecordsByFilter('historico_agendamentos', 'agendamento = {:a}', '-created', 0, 0, { a: a.id })
        .map(entradaDoCliente),
    );
  } catch (_) {
    historico = []; // no history collection in this kit yet
  }
  const caso = processo(e.app, agendamentos);
  return e.json(200, {
    gerado_em: new Date().toISOString(),
    conta: publico(usuario),
    pagamentos: doUsuario(e.app, 'pagamentos', usuario.id),
    cobrancas: doUsuario(e.app, 'cobrancas', usuario.id),
    agendamentos: agendamentos,
    historico: historico,
    requerentes: caso.requerentes,
    documentos: caso.documentos,
    solicitacoes_exclusao: doUsuario(e.app, 'solicitacoes_exclusao', usuario.id),
  });
}

/** The status and the id are the server's: an account with a booking in progress is kept until the booking ends. */
function prepararExclusao(e) {
  if ((e.requestInfo().body || {}).id !== undefined) {
    throw new BadRequestError('An error occurred while validating the submitted data.', {
      id: new ValidationError('validation_forbidden', 'Campo não permitido.'),
    });
  }
  const usuarioId = e.record.getString('usuario');
  let emAndamento = false;
  try {
    e.app.findFirstRecordByFilter('agendamentos', "usuario = {:u} && status_agendamento != 'FINALIZADO'", {
      u: usuarioId,
    });
    emAndamento = true;
  } catch (_) {
    emAndamento = false;
  }
  e.record.set('status', emAndamento ? 'AGUARDANDO_ATENDIMENTO' : 'PENDENTE');
}

module.exports = { exportar, prepararExclusao };
