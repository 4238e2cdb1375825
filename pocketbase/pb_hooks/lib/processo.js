// The case file's decisions: who an applicant is (adult or minor, which consulate), what they must send
// (processo_regras.json), sending for review, the review's outcome on the booking, and the retention job.

const REGRAS = require(`${__hooks}/lib/processo_regras.json`);
const regras = require(`${__hooks}/lib/regras.js`);
const historico = require(`${__hooks}/lib/historico.js`);
const COMUM = require(`${__hooks}/lib/processo_comum.js`);
const LIMITES = require(`${__hooks}/lib/limites.json`);
const registros = require(`${__hooks}/lib/registros.js`);
const FLUXO = require(`${__hooks}/lib/processo_fluxo.js`);

const ENCERRADOS = regras.R.agendamentoEncerrado;

/** The case file's pt-BR messages, the same words the demo double answers with. */
const MSG = REGRAS.mensagens;

/** The records by id, to find the record behind one of their plain objects (comoObjeto). */
function porId(registros) {
  const mapa = {};
  registros.forEach((r) => (mapa[r.id] = r));
  return mapa;
}

/**
 * A record's fields as a plain object, for the rules of processo_comum.js: numbers and flags as they are, files
 * as lists of names, the rest as text.
 */
function comoObjeto(record) {
  const objeto = { id: record.id };
  for (const campo of record.collection().fields) {
    const nome = campo.getName();
    const tipo = campo.type();
    if (tipo === 'number') objeto[nome] = record.getFloat(nome);
    else if (tipo === 'bool') objeto[nome] = record.getBool(nome);
    else if (tipo === 'file') objeto[nome] = record.getStringSlice(nome);
    else objeto[nome] = record.getString(nome);
  }
  return objeto;
}

function erro(code, message) {
  return new ValidationError(code, message);
}

function limites(app, agendamento) {
  const pagamento = agendamento.getString('pagamento')
    ? app.findRecordById('pagamentos', agendamento.getString('pagamento'))
    : null;
  return COMUM.limitesDoServico(pagamento ? pagamento.getString('tipo_servico') : '', REGRAS);
}

/** FINALIZADO, CANCELADO or its files deleted (processo_comum.encerrado). */
function encerrado(agendamento) {
  return COMUM.encerrado(comoObjeto(agendamento), ENCERRADOS);
}

function ehStaff(auth) {
  return !!auth && auth.collection().name === 'usuarios' && auth.getBool('admin');
}

/** Staff or a superuser: they correct a case at any status (recorded); the customer only until approval. */
function daEquipe(e) {
  return ehStaff(e.requestInfo().auth) || e.hasSuperuserAuth();
}

function recusar(mensagem) {
  if (mensagem) throw new BadRequestError(mensagem, {});
}

/** The customer's write on a case: refused once closed, and once approved (processo_comum.recusaAoCliente). */
function validarEscritaDoCliente(agendamento) {
  recusar(COMUM.recusaAoCliente(comoObjeto(agendamento), false, ENCERRADOS, REGRAS));
}

/**
 * The texts without control or invisible characters, the names, the birth date and the CPF as the form checks them
 * (processo_comum.errosDeDados: those of a new applicant, or those an update changes), then every text past the
 * schema's limit (comum.js errosDeTamanho), each a field error in pt-BR and the answer's message the first.
 */
function validarDados(record) {
  const erros = COMUM.errosDeDados(
    record.isNew() ? null : comoObjeto(record.original()),
    comoObjeto(record),
    hojeSP(),
    REGRAS,
    regras.cpfValido,
    camposDeTexto(record),
  );
  lancarCampos(registros.errosDeTamanho(record, erros));
}

/** The kit's field errors ({ campo: { code, message } }) as PocketBase's 400, its message the first field's. */
function lancarCampos(erros) {
  const campos = Object.keys(erros);
  if (campos.length === 0) return;
  const dados = {};
  campos.forEach((campo) => (dados[campo] = erro(erros[campo].code, erros[campo].message)));
  throw new BadRequestError(erros[campos[0]].message, dados);
}

/**
 * A new applicant: valid dates, within the count the service allows, on a case the customer may still change.
 * Counted and saved in one transaction: PocketBase runs transactions one after another, so requests sent at
 * once are counted in turn and never pass the count.
 */
function criarRequerente(e) {
  validarDados(e.record);
  const app = e.app;
  app.runInTransaction((tx) => {
    const agendamento = tx.findRecordById('agendamentos', e.record.getString('agendamento'));
    validarEscritaDoCliente(agendamento);
    require(`${__hooks}/lib/dia.js`).validarPrenotami(e);
    const max = limites(tx, agendamento).max;
    const ja = tx.countRecords('requerentes', $dbx.hashExp({ agendamento: agendamento.id }));
    const recusa = COMUM.recusaDoNovoRequerente(ja, max, REGRAS);
    if (recusa) throw new BadRequestError(recusa, {});
    e.app = tx;
    e.next();
  });
  e.app = app;
}

/** The names of a record's text fields (every applicant's is one line). */
function camposDeTexto(record) {
  return record
    .collection()
    .fields.filter((f) => f.type() === 'text')
    .map((f) => f.getName());
}

function nomesDosCampos(record) {
  return record
    .collection()
    .fields.map((f) => f.getName())
    .filter((nome) => nome !== '');
}

/**
 * A change of an applicant's data. A draft (never sent) is the owner's to type. Once sent, the change is a
 * correction (processo_comum.correcao): each field's old and new value goes to the history (staff read it; no
 * e-mail carries it), the applicant's approved documents go back to review, the booking's summary is written
 * again and staff are told. After approval only staff change it (recorded, nothing back to review); a closed
 * case takes nothing from the customer.
 */
function salvarRequerente(e) {
  const equipe = daEquipe(e);
  const auth = e.requestInfo().auth;
  const agendamento = e.app.findRecordById('agendamentos', e.record.getString('agendamento'));
  const original = e.record.original();
  const texto = (r, campo) => r.getString(campo);
  const mudados = COMUM.mudancas(original, e.record, nomesDosCampos(e.record), texto).map((m) => m.campo);
  // The applicant's own Prenot@mi account is kept current until the booking is made; the rest locks at approval.
  if (!equipe) recusar(COMUM.recusaDaAlteracao(comoObjeto(agendamento), mudados, ENCERRADOS, REGRAS));
  // Then the Prenot@mi contacts (lib/dia.js), in this order on every start (dia.pb.js says why).
  require(`${__hooks}/lib/dia.js`).validarPrenotami(e);
  validarDados(e.record);
  const app = e.app;
  let tx = app;
  let documentos = [];
  const portas = {
    transacao: (fazer) =>
      app.runInTransaction((t) => {
        tx = t;
        fazer();
      }),
    documentos: () => {
      documentos = tx.findRecordsByFilter('documentos', 'requerente = {:id}', '', 0, 0, { id: e.record.id });
      return documentos.map(comoObjeto);
    },
    salvar: () => {
      e.app = tx;
      e.next();
    },
    historico: (linhas) => historico.registrar(tx, agendamento.id, linhas, auth),
    documento: (id, campos) => {
      const d = porId(documentos)[id];
      d.load(campos);
      tx.save(d);
    },
    formulario: () => {
      const atual = tx.findRecordById('agendamentos', agendamento.id);
      const antes = atual.fresh();
      const todos = doCaso(tx, 'requerentes', agendamento.id).map(comoObjeto);
      atual.set('formulario', COMUM.resumo(todos, hojeSP(), atual.getString('formulario'), REGRAS));
      tx.save(atual);
      historico.registrarAlteracao(tx, antes, atual, auth);
    },
    avisar: (caso, dados) => avisarEquipe(app, agendamento.id, caso, dados),
  };
  const quem = { nome: auth ? auth.getString('nome_completo') : '' };
  try {
    FLUXO.corrigir(portas, original, e.record, nomesDosCampos(e.record), texto, equipe, quem);
  } finally {
    e.app = app;
  }
}

/** A booking's applicants or documents (`colecao`), by creation. */
function doCaso(app, colecao, agendamentoId) {
  return app.findRecordsByFilter(colecao, 'agendamento = {:id}', 'created', 0, 0, { id: agendamentoId });
}

/** An applicant leaves (their documents with them) only from an open case, with nothing approved. */
function validarRemocaoRequerente(e) {
  const agendamento = e.app.findRecordById('agendamentos', e.record.getString('agendamento'));
  validarEscritaDoCliente(agendamento);
  const aprovados = e.app.countRecords(
    'documentos',
    $dbx.hashExp({ requerente: e.record.id, status: 'aprovado' }),
  );
  const recusa = COMUM.recusaDaRemocao(aprovados, REGRAS);
  if (recusa) throw new BadRequestError(recusa, {});
}

/** Any save of a document: a known item, at most the files it allows. */
function validarDocumento(record) {
  const arquivos = record.get('arquivos');
  const quantos = arquivos && arquivos.length !== undefined ? arquivos.length : 0;
  const recusa = COMUM.recusaDoDocumento(record.getString('item'), quantos, REGRAS);
  if (recusa) lancarCampos(recusa.erros);
}

/** An applicant record's name as every line shows it (processo_comum.js nomeRequerente): lib/dia.js's too. */
function nomeRequerente(requerente) {
  return COMUM.nomeRequerente(
    { nome: requerente.getString('nome'), sobrenome: requerente.getString('sobrenome') },
    REGRAS,
  );
}

/** "Maria Souza · Foto para passaporte": how the history and the e-mails name a document. */
function rotulo(app, documento) {
  const requerente = app.findRecordById('requerentes', documento.getString('requerente'));
  return COMUM.rotuloDoDocumento(
    { nome: requerente.getString('nome'), sobrenome: requerente.getString('sobrenome') },
    documento.getString('item'),
    REGRAS,
  );
}

function registrarDocumento(app, documento, acao, auth) {
  historico.registrar(
    app,
    documento.getString('agendamento'),
    COMUM.linhasDoDocumento(rotulo(app, documento), acao),
    auth,
  );
}

/**
 * Counts an upload of the account, or answers 429 when it sent `limites.json` arquivos.porConta within the last
 * janelaSeg seconds. In a transaction: uploads sent at once are counted one after another.
 */
function contarEnvio(app, usuarioId) {
  const janela = LIMITES.arquivos;
  app.runInTransaction((tx) => {
    const desde = new Date(Date.now() - janela.janelaSeg * 1000).toISOString().replace('T', ' ');
    const recentes = tx.countRecords(
      'envios_arquivo',
      $dbx.exp('usuario = {:u} AND created >= {:d}', { u: usuarioId, d: desde }),
    );
    if (!COMUM.envioLiberado(recentes, janela)) throw new TooManyRequestsError(MSG.muitosEnvios, {});
    const envio = new Record(tx.findCollectionByNameOrId('envios_arquivo'));
    envio.set('usuario', usuarioId);
    tx.save(envio);
  });
}

/** The owner's files in this request (processo_comum.recusaDosArquivos): a replacement's new file, their names. */
function validarArquivos(record, substitui) {
  const nomes = record.getUnsavedFiles('arquivos').map((arquivo) => arquivo.originalName);
  const recusa = COMUM.recusaDosArquivos(nomes, substitui, REGRAS);
  if (recusa) lancarCampos(recusa.erros);
}

/** A new document of a case the customer may still change, within the upload rate: pending until sent, recorded. */
function criarDocumento(e) {
  const agendamento = e.app.findRecordById('agendamentos', e.record.getString('agendamento'));
  validarEscritaDoCliente(agendamento);
  validarArquivos(e.record, false);
  contarEnvio(e.app, e.requestInfo().auth.id);
  e.record.load(COMUM.DOCUMENTO_NOVO);
  e.next();
  registrarDocumento(e.app, e.record, COMUM.ARQUIVO.enviado, e.requestInfo().auth);
}

/**
 * An update of a document. The owner's (a replaced file) makes it pending again, marked as resent when it had
 * been refused; staff's is a review (processo_fluxo.js revisar): approved, or refused with a reason, signed and
 * dated. Each is recorded.
 */
function salvarDocumento(e) {
  const auth = e.requestInfo().auth;
  const agendamento = e.app.findRecordById('agendamentos', e.record.getString('agendamento'));
  if (encerrado(agendamento)) throw new BadRequestError(MSG.encerrado, {});
  const original = comoObjeto(e.record.original());
  if (!ehStaff(auth) && !e.hasSuperuserAuth()) {
    validarEscritaDoCliente(agendamento);
    validarArquivos(e.record, true);
    contarEnvio(e.app, auth.id);
    const novo = COMUM.substituicao(original);
    e.record.load(novo);
    e.next();
    registrarDocumento(e.app, e.record, COMUM.ARQUIVO.substituido, auth);
    return;
  }
  const portas = Object.assign(portasDaConclusao(e.app, agendamento.id, auth), {
    salvar: (campos) => {
      e.record.load(campos);
      e.next();
    },
    registrar: (acao) => registrarDocumento(e.app, e.record, acao, auth),
  });
  const revisor = ehStaff(auth) ? auth.id : '';
  const feito = FLUXO.revisar(portas, original, comoObjeto(e.record), revisor, new DateTime());
  if (feito.erro) lancarCampos(feito.erro.erros);
}

/**
 * processo_fluxo.js concluirRevisao's ports on `app`: when staff have reviewed every document sent, and refused
 * some, the booking goes to ANALISE_ERRO with the list of refused documents as the note, and the customer gets the
 * status e-mail with that list.
 */
function portasDaConclusao(app, agendamentoId, auth) {
  let documentos = [];
  return {
    documentos: () => {
      documentos = doCaso(app, 'documentos', agendamentoId);
      return documentos.map(comoObjeto);
    },
    rotulo: (d) => rotulo(app, porId(documentos)[d.id]),
    agendamento: (campos) => {
      const agendamento = app.findRecordById('agendamentos', agendamentoId);
      const antes = agendamento.fresh();
      agendamento.load(campos);
      app.save(agendamento);
      const entrada = historico.registrarAlteracao(app, antes, agendamento, auth);
      require(`${__hooks}/lib/emails_status.js`).enviarEAnotar(
        app,
        agendamento,
        entrada,
        undefined,
        'recusa',
      );
    },
  };
}

function hojeSP() {
  return regras.hojeSaoPaulo();
}

/**
 * 'Enviar para análise' (processo_fluxo.js enviar: the pending documents to review, the booking shows the case as
 * received (`formulario`), staff are e-mailed), in one transaction of PocketBase. Answers { enviados }, or the
 * refusal.
 */
function enviar(e) {
  const auth = e.auth;
  let tx = e.app;
  let agendamento = null;
  let pessoas = {};
  let papeis = {};
  const portas = {
    transacao: (fazer) =>
      e.app.runInTransaction((t) => {
        tx = t;
        fazer();
      }),
    caso: () => {
      agendamento = registros.achar(tx, 'agendamentos', 'id = {:id}', { id: e.request.pathValue('id') });
      const id = agendamento ? agendamento.id : '';
      const requerentes = doCaso(tx, 'requerentes', id);
      const documentos = doCaso(tx, 'documentos', id);
      pessoas = porId(requerentes);
      papeis = porId(documentos);
      return {
        agendamento: agendamento && comoObjeto(agendamento),
        requerentes: requerentes.map(comoObjeto),
        documentos: documentos.map(comoObjeto),
        limite: agendamento ? limites(tx, agendamento) : null,
      };
    },
    documento: (id, campos, acao) => {
      const d = papeis[id];
      d.load(campos);
      tx.save(d);
      registrarDocumento(tx, d, acao, auth);
    },
    requerente: (id, campos) => {
      const r = pessoas[id];
      r.load(campos);
      tx.save(r);
    },
    agendamento: (campos) => {
      const antes = agendamento.fresh();
      agendamento.load(campos);
      tx.save(agendamento);
      historico.registrarAlteracao(tx, antes, agendamento, auth);
    },
    avisar: (caso, dados) => avisarEquipe(e.app, agendamento.id, caso, dados),
  };
  const quem = { id: auth.id, nome: auth.getString('nome_completo') };
  const feito = FLUXO.enviar(portas, quem, hojeSP(), new DateTime());
  // PocketBase's error shape, with the list of what is missing (its own errors keep field errors only).
  if (feito.erro) return e.json(feito.erro.status, feito.erro);
  return e.json(200, feito.resposta);
}

/**
 * Staff's alert that a case has something new to review (email_texto.js alertasDoProcesso[`caso`] with `dados`),
 * at most one per booking every `limites.json` alertasEquipe.intervaloMin minutes: a customer replacing and sending
 * in a loop sends one. The booking's list and history show every change meanwhile.
 */
function avisarEquipe(app, agendamentoId, caso, dados) {
  const emails = require(`${__hooks}/lib/emails.js`);
  if (!emails.alertaDaVez(app, 'processo_alerta:' + agendamentoId)) return;
  const alerta = require(`${__hooks}/lib/email_texto.js`).alertasDoProcesso[caso](
    Object.assign({ appUrl: app.settings().meta.appURL, agendamento: agendamentoId }, dados),
  );
  emails.alertaEquipe(app, alerta.assunto, alerta.paragrafos);
}

/** A booking that becomes FINALIZADO or CANCELADO starts its retention clock; reopened, it stops. */
function marcarEncerramento(record) {
  const fechado = ENCERRADOS.indexOf(record.getString('status_agendamento')) >= 0;
  if (fechado && record.getString('encerrado_em') === '') record.set('encerrado_em', new DateTime());
  if (!fechado && record.getString('encerrado_em') !== '') record.set('encerrado_em', '');
}

function diasDeRetencao() {
  const dias = Number($os.getenv('PROCESSO_RETENCAO_DIAS') || REGRAS.retencaoDiasPadrao);
  return dias >= 0 ? dias : REGRAS.retencaoDiasPadrao;
}

/**
 * The retention job: for each booking closed `PROCESSO_RETENCAO_DIAS` days ago or more (default 30), deletes
 * its documents (the files with them) and records when, once.
 */
function aplicarRetencao(app) {
  const dias = diasDeRetencao();
  const limite = new Date(Date.now() - dias * 86400000).toISOString().replace('T', ' ');
  const vencidos = app.findRecordsByFilter(
    'agendamentos',
    "encerrado_em != '' && encerrado_em <= {:limite} && arquivos_excluidos_em = ''",
    '',
    0,
    0,
    { limite: limite },
  );
  vencidos.forEach((agendamento) => {
    app.runInTransaction((tx) => {
      const documentos = doCaso(tx, 'documentos', agendamento.id);
      documentos.forEach((d) => tx.delete(d));
      const requerentes = doCaso(tx, 'requerentes', agendamento.id);
      requerentes.forEach((r) => {
        COMUM.camposApagados(nomesDosCampos(r), REGRAS).forEach((campo) => r.set(campo, null));
        tx.save(r);
      });
      // The consulate's confirmation of each appointment is a file about the applicant too (its name, the portal's
      // code): deleted with the documents (PocketBase removes the file once the transaction commits).
      tx.findRecordsByFilter('compromissos', "agendamento = {:id} && comprovante != ''", '', 0, 0, {
        id: agendamento.id,
      }).forEach((compromisso) => {
        compromisso.set('comprovante', null);
        tx.saveNoValidate(compromisso);
      });
      // A correction's old and new values in the history are the same typed data: erased with it.
      tx.findRecordsByFilter('historico_agendamentos', 'agendamento = {:id}', '', 0, 0, {
        id: agendamento.id,
      }).forEach((entrada) => {
        let lista = null;
        try {
          lista = JSON.parse(entrada.getString('alteracoes') || '[]');
        } catch (_) {
          return;
        }
        if (!Array.isArray(lista)) return;
        const depois = lista.map((linha) => COMUM.linhaAposRetencao(linha, REGRAS));
        if (JSON.stringify(depois) === JSON.stringify(lista)) return;
        entrada.set('alteracoes', depois);
        tx.save(entrada);
      });
      agendamento.set('arquivos_excluidos_em', new DateTime());
      tx.save(agendamento);
      historico.registrar(
        tx,
        agendamento.id,
        [
          {
            campo: 'retencao',
            de: documentos.length + ' documento(s)',
            para: 'excluídos ' + dias + ' dias após o encerramento',
          },
          {
            campo: 'retencao',
            de: 'dados de ' + requerentes.length + ' requerente(s)',
            para: 'apagados (fica o nome) ' + dias + ' dias após o encerramento',
          },
        ],
        null,
      );
    });
  });
  return vencidos.length;
}

module.exports = {
  REGRAS,
  nomeRequerente,
  criarRequerente,
  salvarRequerente,
  validarRemocaoRequerente,
  validarDocumento,
  criarDocumento,
  salvarDocumento,
  enviar,
  marcarEncerramento,
  aplicarRetencao,
};
