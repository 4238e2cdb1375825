// The case file's decisions: who an applicant is (adult or minor, which consulate), what they must send
// (processo_regras.json), sending for review, the review's outcome on the booking, and the retention job.

const REGRAS = require(`${__hooks}/lib/processo_regras.json`);
const regras = require(`${__hooks}/lib/regras.js`);
const historico = require(`${__hooks}/lib/historico.js`);
const COMUM = require(`${__hooks}/lib/processo_comum.js`);
const LIMITES = require(`${__hooks}/lib/limites.json`);
const registros = require(`${__hooks}/lib/registros.js`);

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
  let correcao = null;
  app.runInTransaction((tx) => {
    const documentos = tx.findRecordsByFilter('documentos', 'requerente = {:id}', '', 0, 0, {
      id: e.record.id,
    });
    const campos = nomesDosCampos(e.record);
    const objetos = documentos.map(comoObjeto);
    correcao = COMUM.correcaoDoRequerente(original, e.record, campos, texto, equipe, objetos, REGRAS);
    e.app = tx;
    e.next();
    if (!correcao) return;
    historico.registrar(tx, agendamento.id, correcao.linhas, auth);
    const registros = porId(documentos);
    correcao.revisar.forEach((r) => {
      const d = registros[r.id];
      d.load(r.campos);
      tx.save(d);
    });
    if (!correcao.formulario) return;
    const atual = tx.findRecordById('agendamentos', agendamento.id);
    const antes = atual.fresh();
    const todos = doCaso(tx, 'requerentes', agendamento.id).map(comoObjeto);
    atual.set('formulario', COMUM.resumo(todos, hojeSP(), atual.getString('formulario'), REGRAS));
    tx.save(atual);
    historico.registrarAlteracao(tx, antes, atual, auth);
  });
  e.app = app;
  if (correcao && correcao.avisar) {
    const { requerente, campos } = correcao;
    avisarEquipe(app, agendamento, 'corrigido', {
      nome: auth.getString('nome_completo'),
      requerente,
      campos,
    });
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
 * been refused; staff's is a review: approved, or refused with a reason, signed and dated. Each is recorded.
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
  const revisao = COMUM.revisao(original, comoObjeto(e.record), REGRAS);
  if (revisao.erros) lancarCampos(revisao.erros);
  const assinatura = COMUM.camposDaRevisao(revisao, ehStaff(auth) ? auth.id : '', new DateTime());
  e.record.load(assinatura);
  e.next();
  if (!revisao.revisado) return;
  registrarDocumento(e.app, e.record, revisao.acao, auth);
  if (original.status === 'em_analise') concluirRevisao(e.app, agendamento.id, auth);
}

/**
 * When staff have reviewed every document sent, and refused some: the booking goes to ANALISE_ERRO with the
 * list of refused documents as the note, and the customer gets the status e-mail with that list.
 */
function concluirRevisao(app, agendamentoId, auth) {
  const documentos = doCaso(app, 'documentos', agendamentoId);
  const registros = porId(documentos);
  const conclusao = COMUM.conclusaoDaRevisao(
    documentos.map(comoObjeto),
    (d) => rotulo(app, registros[d.id]),
    REGRAS,
  );
  if (!conclusao) return;
  const agendamento = app.findRecordById('agendamentos', agendamentoId);
  const antes = agendamento.fresh();
  agendamento.set('status_agendamento', conclusao.status_agendamento);
  agendamento.set('nota_cliente', conclusao.nota_cliente);
  app.save(agendamento);
  const entrada = historico.registrarAlteracao(app, antes, agendamento, auth);
  try {
    const envio = require(`${__hooks}/lib/emails_status.js`).enviarStatus(app, agendamento);
    if (envio && entrada) historico.anotarEmail(app, entrada, envio);
  } catch (err) {
    console.error('Falha no e-mail de recusa do agendamento ' + agendamentoId + ': ' + err);
  }
}

function hojeSP() {
  return regras.hojeSaoPaulo();
}

/**
 * 'Enviar para análise' (processo_comum.js envioDoCaso decides): the pending documents go to review, the booking
 * shows the case as received (`formulario`), staff are e-mailed. Answers { enviados }, or the refusal.
 * The case is read and written in one transaction: PocketBase runs them one after another, so a second send at the
 * same moment (a double click) reads the first one's documents under review and finds nothing new (nadaParaEnviar),
 * writing no history, as a later send does.
 */
function enviar(e) {
  const auth = e.auth;
  let plano = null;
  let agendamento = null;
  e.app.runInTransaction((tx) => {
    agendamento = registros.achar(tx, 'agendamentos', 'id = {:id}', { id: e.request.pathValue('id') });
    const id = agendamento ? agendamento.id : '';
    const requerentes = doCaso(tx, 'requerentes', id);
    const documentos = doCaso(tx, 'documentos', id);
    plano = COMUM.envioDoCaso(
      {
        agendamento: agendamento && comoObjeto(agendamento),
        usuario: auth.id,
        requerentes: requerentes.map(comoObjeto),
        documentos: documentos.map(comoObjeto),
        limite: agendamento ? limites(tx, agendamento) : null,
        hoje: hojeSP(),
        agora: new DateTime(),
        encerrados: ENCERRADOS,
      },
      REGRAS,
      regras.cpfValido,
    );
    if (plano.recusa) return;
    const registrosDe = porId(documentos);
    const pessoas = porId(requerentes);
    plano.documentos.forEach((novo) => {
      const d = registrosDe[novo.id];
      d.load(novo.campos);
      tx.save(d);
      registrarDocumento(tx, d, novo.acao, auth);
    });
    plano.requerentes.forEach((enviado) => {
      const r = pessoas[enviado.id];
      r.load(enviado.campos);
      tx.save(r);
    });
    const antes = agendamento.fresh();
    agendamento.set('formulario', plano.formulario);
    tx.save(agendamento);
    historico.registrarAlteracao(tx, antes, agendamento, auth);
  });
  // PocketBase's error shape, with the list of what is missing (its own errors keep field errors only).
  if (plano.recusa) return e.json(plano.recusa.status, plano.recusa);
  const enviados = plano.documentos.length;
  avisarEquipe(e.app, agendamento, 'enviado', {
    nome: auth.getString('nome_completo'),
    documentos: enviados,
  });
  return e.json(200, { enviados: enviados });
}

/**
 * Staff's alert that a case has something new to review (email_texto.js alertasDoProcesso[`caso`] with `dados`),
 * at most one per booking every `limites.json` alertasEquipe.intervaloMin minutes: a customer replacing and sending
 * in a loop sends one. The booking's list and history show every change meanwhile.
 */
function avisarEquipe(app, agendamento, caso, dados) {
  const emails = require(`${__hooks}/lib/emails.js`);
  if (!emails.alertaDaVez(app, 'processo_alerta:' + agendamento.id)) return;
  const alerta = require(`${__hooks}/lib/email_texto.js`).alertasDoProcesso[caso](
    Object.assign({ appUrl: app.settings().meta.appURL, agendamento: agendamento.id }, dados),
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
