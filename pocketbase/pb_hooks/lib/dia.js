// Booking day (issue #27): consulate edits with their history, each applicant's own Prenot@mi account, the
// day's handling of a booking ("Assumir", standby, "Pedir acesso"/"Pedir código": their order of steps is
// lib/retransmissao_fluxo.js's), the attempts and the appointments. The relay itself is lib/retransmissao.js.

const regras = require(`${__hooks}/lib/regras.js`);
const janelas = require(`${__hooks}/lib/janelas.js`);
const historico = require(`${__hooks}/lib/historico.js`);
const { achar, novo } = require(`${__hooks}/lib/registros.js`);

const comum = require(`${__hooks}/lib/dia_comum.js`);

const VALIDACAO = 'An error occurred while validating the submitted data.';
const MSG = comum.MSG;
const RESULTADOS = comum.RESULTADOS;

function erro(code, message) {
  return new ValidationError(code, message);
}

function lancar(erros) {
  if (Object.keys(erros).length > 0) throw new BadRequestError(VALIDACAO, erros);
}

/** A shared module's field errors ({campo: {code, message}}) as PocketBase's 400. */
function lancarRecusas(recusas) {
  const erros = {};
  Object.keys(recusas).forEach((campo) => (erros[campo] = erro(recusas[campo].code, recusas[campo].message)));
  lancar(erros);
}

function pbData(ms) {
  return new Date(ms).toISOString().replace('T', ' ');
}

const msDe = require(`${__hooks}/lib/garantia_comum.js`).msDe;

function ehEquipe(e) {
  return !!e.auth && e.auth.collection().name === 'usuarios' && e.auth.getBool('admin');
}

function exigirEquipe(e) {
  if (!ehEquipe(e)) throw new ForbiddenError(MSG.soEquipe, {});
}

/** Shows staff (never the customer) who holds a case and who tried: `onRecordEnrich`, for any answer or stream. */
function mostrarEquipe(e) {
  const auth = e.requestInfo && e.requestInfo.auth;
  const equipe =
    !!auth && (auth.isSuperuser() || (auth.collection().name === 'usuarios' && auth.getBool('admin')));
  if (equipe) e.record.unhide(...(comum.CAMPOS_DA_EQUIPE[e.record.collection().name] || []));
}

// ------------------------------------------------------------------ consulates

function janelasDe(registro) {
  const lista = comum.lerJson(registro.getString('janelas'));
  return Array.isArray(lista) ? lista : [];
}

/**
 * A staff edit of a consulate: checked with pt-BR messages, every field at once (dia_comum.js errosDoConsulado, as
 * stored on the record: a JSON field's body reaches the JSVM as raw bytes), saved with its history entry (one
 * transaction).
 */
function salvarConsulado(e) {
  lancarRecusas(
    comum.errosDoConsulado(e.requestInfo().body || {}, e.record.original().getString('codigo'), {
      janelas: e.record.getString('janelas'),
      fuso: e.record.getString('fuso'),
    }),
  );
  const app = e.app;
  app.runInTransaction((tx) => {
    e.app = tx;
    const antes = tx.findRecordById('consulados', e.record.id);
    e.next();
    const lista = require(`${__hooks}/lib/historico_comum.js`).alteracoes(
      comum.CAMPOS_CONSULADO,
      antes,
      e.record,
      (r, c) => r.getString(c),
    );
    if (lista.length === 0) return;
    const quem = historico.autoria(e.auth);
    const entrada = novo(tx, 'historico_consulados', {
      consulado: e.record.id,
      autor: quem.autor,
      autor_nome: quem.autor_nome,
      alteracoes: lista,
    });
    tx.save(entrada);
  });
  e.app = app;
}

// ------------------------------------------------------------------ each applicant's Prenot@mi account

function lista(texto) {
  return String(texto || '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
}

/** The company's e-mails and mobiles: the sender, EMPRESA_EMAILS / EMPRESA_CELULARES and every staff account. */
function contatosDaEmpresa(app) {
  const emails = lista($os.getenv('EMPRESA_EMAILS'));
  const celulares = lista($os.getenv('EMPRESA_CELULARES')).map(regras.soDigitos);
  const remetente = String(app.settings().meta.senderAddress || '').toLowerCase();
  if (remetente) emails.push(remetente);
  app.findRecordsByFilter('usuarios', 'admin = true', 'created', 500, 0).forEach((membro) => {
    emails.push(membro.email().toLowerCase());
    if (membro.getString('celular')) celulares.push(membro.getString('celular'));
  });
  return { emails: emails, celulares: celulares };
}

/**
 * The applicant's Prenot@mi contacts as the owner sends them: a valid e-mail and mobile, the applicant's own
 * (not the company's, by mailbox: dia_comum.js recusaContato; not another applicant's of the customer); the
 * account's state is staff's (their own route).
 */
function validarPrenotami(e) {
  if (e.hasSuperuserAuth()) return;
  const registro = e.record;
  let daEmpresa = null;
  const empresa = () => daEmpresa || (daEmpresa = contatosDaEmpresa(e.app));
  const contatos = comum.contatosDoPrenotami(e.requestInfo().body || {}, {
    empresa: empresa,
    deOutro: (campo, valor) => deOutro(e.app, campo, valor, registro),
  });
  registro.load(contatos.valores);
  lancarRecusas(contatos.erros);
}

/**
 * Whether another applicant of the same customer has this contact. Only the customer's own are asked: an answer
 * that depended on other customers' applicants would tell anyone whether some other family uses an e-mail or a
 * mobile. Staff see a contact shared across customers on the opening-day panel.
 */
function deOutro(app, campo, valor, registro) {
  const agendamento = app.findRecordById('agendamentos', registro.getString('agendamento'));
  return !!achar(app, 'requerentes', campo + ' = {:v} && id != {:id} && agendamento.usuario = {:u}', {
    v: valor,
    id: registro.id || '',
    u: agendamento.getString('usuario'),
  });
}

/** Staff set an applicant's account state (a_criar, criada, verificada, bloqueada). */
function definirEstadoConta(e) {
  exigirEquipe(e);
  const estado = String((e.requestInfo().body || {}).estado || '');
  lancarRecusas(comum.errosDoEstadoConta(estado));
  const requerente = e.app.findRecordById('requerentes', e.request.pathValue('id'));
  const antes = requerente.getString('prenotami_estado');
  e.app.runInTransaction((tx) => {
    requerente.set('prenotami_estado', estado);
    tx.save(requerente);
    historico.registrarNota(
      tx,
      requerente.getString('agendamento'),
      'prenotami_conta',
      comum.notaEstadoConta(nomeDe(requerente), antes, estado),
      e.auth,
    );
  });
  return e.json(200, { id: requerente.id, prenotami_estado: estado });
}

/** An applicant's name as every line shows it (lib/processo.js nomeRequerente). */
function nomeDe(requerente) {
  return require(`${__hooks}/lib/processo.js`).nomeRequerente(requerente);
}

// ------------------------------------------------------------------ the day's handling of a booking

function consuladoDe(app, agendamento) {
  return achar(app, 'consulados', 'codigo = {:c}', { c: agendamento.getString('consulado') });
}

/** The booking's handling record, made when first needed (dia_comum.js atendimentoNovo). */
function garantirAtendimento(app, agendamento) {
  const existente = achar(app, 'atendimentos', 'agendamento = {:a}', { a: agendamento.id });
  if (existente) return existente;
  const consulado = consuladoDe(app, agendamento);
  const registro = novo(
    app,
    'atendimentos',
    comum.atendimentoNovo(agendamento.id, consulado ? consulado.id : ''),
  );
  app.save(registro);
  return registro;
}

/**
 * One move of the booking's handling (retransmissao_fluxo.js mover, which the demo double runs too), in a
 * transaction: its ports read the route's booking and its handling (made when first needed), write the move and
 * its history line, and delete what was relayed on a case nobody holds (lib/retransmissao.js apagador); a refusal
 * is thrown there, so nothing of it stays. Answers the handling.
 */
function mover(e, acao, tipo) {
  let feito = null;
  e.app.runInTransaction((tx) => {
    let agendamento = null;
    let atendimento = null;
    const retransmissao = require(`${__hooks}/lib/retransmissao.js`);
    const portas = {
      agendamento: () => {
        agendamento = achar(tx, 'agendamentos', 'id = {:id}', { id: e.request.pathValue('id') });
        return (
          agendamento && {
            id: agendamento.id,
            usuario: agendamento.getString('usuario'),
            status_agendamento: agendamento.getString('status_agendamento'),
          }
        );
      },
      atendimento: () => {
        atendimento = garantirAtendimento(tx, agendamento);
        return {
          id: atendimento.id,
          responsavel: atendimento.getString('responsavel'),
          responsavel_nome: atendimento.getString('responsavel_nome'),
        };
      },
      gravar: (_, valores) => {
        atendimento.load(valores);
        tx.save(atendimento);
        return atendimento;
      },
      apagar: retransmissao.apagador(tx),
      nota: (agendamentoId, campo, texto) => historico.registrarNota(tx, agendamentoId, campo, texto, e.auth),
    };
    const quem = { id: e.auth.id, nome: e.auth.getString('nome_completo') };
    const passo = require(`${__hooks}/lib/retransmissao_fluxo.js`).mover(
      portas,
      acao,
      tipo,
      quem,
      Date.now(),
    );
    if (passo.erro) throw retransmissao.recusa(passo.erro);
    feito = passo.atendimento;
  });
  // As the collection's API answers it: the holder shown to staff only (mostrarEquipe), not to the owner's "pronto".
  $apis.enrichRecord(e, feito);
  return e.json(200, feito);
}

/** "Assumir": the staff member takes the case; another holder's case is refused (409) with their name. */
function assumir(e) {
  exigirEquipe(e);
  return mover(e, 'assumir', '');
}

/**
 * The holder lets the case go (another staff member may take it); what was asked is closed and what was relayed
 * to them is deleted (retransmissao_fluxo.js mover, lib/retransmissao.js apagador): the next holder asks again.
 */
function soltar(e) {
  exigirEquipe(e);
  return mover(e, 'soltar', '');
}

/** "Pedir acesso" / "Pedir código" (tipo senha | codigo), or '' to close: the holder only, ANALISE_OK only. */
function pedir(e) {
  exigirEquipe(e);
  return mover(e, 'pedir', String((e.requestInfo().body || {}).tipo || ''));
}

/** "Estou pronto": the booking's owner (anyone else's is not found), on standby for the next window. */
function pronto(e) {
  return mover(e, 'pronto', '');
}

// ------------------------------------------------------------------ standby e-mails

/** Minutes before a window the customers whose cases are ready are told (PRONTIDAO_ANTECEDENCIA_MIN, 30). */
function antecedenciaMin() {
  const n = Number($os.getenv('PRONTIDAO_ANTECEDENCIA_MIN'));
  return n > 0 ? n : 30;
}

/**
 * For every consulate whose next window starts within the lead time: each ANALISE_OK booking there gets its
 * handling record set to that window and, once per window, the standby e-mail. Returns how many were sent.
 */
function avisarProntidao(app, agoraMs) {
  const agora = agoraMs || Date.now();
  const antes = antecedenciaMin() * 60000;
  let enviados = 0;
  app.findRecordsByFilter('consulados', "janelas_estado = 'conhecidas'", 'codigo', 20, 0).forEach((c) => {
    const fuso = c.getString('fuso');
    const prox = janelas.proximaJanela(janelasDe(c), fuso, agora);
    if (!prox || prox.inicioMs - agora > antes) return;
    const casos = app.findRecordsByFilter(
      'agendamentos',
      "status_agendamento = 'ANALISE_OK' && consulado = {:c}",
      'created',
      1000,
      0,
      { c: c.getString('codigo') },
    );
    casos.forEach((agendamento) => {
      // The check and the claim are one transaction, so the minute's cron and a superuser's run at the same
      // moment cannot both send: writes are serialized, the second one reads the first one's aviso_em.
      let meu = false;
      app.runInTransaction((tx) => {
        const atendimento = garantirAtendimento(tx, agendamento);
        if (msDe(atendimento.getString('janela')) === prox.inicioMs && atendimento.getString('aviso_em'))
          return;
        // A readiness said for this window (a moment before the notice) holds; an earlier window's does not.
        const pronto =
          atendimento.getBool('pronto') &&
          comum.prontoParaJanela(msDe(atendimento.getString('pronto_em')), prox.inicioMs, antes);
        atendimento.set('janela', pbData(prox.inicioMs));
        atendimento.set('aviso_em', pbData(agora));
        atendimento.set('pronto', pronto);
        atendimento.set('pedido', '');
        tx.save(atendimento);
        meu = true;
      });
      if (meu && emailProntidao(app, agendamento, prox.inicioMs, fuso, agora)) enviados++;
    });
  });
  return enviados;
}

function emailProntidao(app, agendamento, inicioMs, fuso, agoraMs) {
  const emails = require(`${__hooks}/lib/emails.js`);
  const usuario = app.findRecordById('usuarios', agendamento.getString('usuario'));
  const url = emails.escapar(app.settings().meta.appURL + '/prontidao');
  const assunto = 'Fique de prontidão: ' + janelas.quando(inicioMs, fuso, agoraMs) + ' tentaremos agendar';
  return emails.enviar(app, usuario.email(), assunto, [
    'Olá, ' + emails.escapar(usuario.getString('nome_completo')) + '.',
    '<strong>' + assunto + '.</strong>',
    'Abra a página <a href="' +
      url +
      '">' +
      url +
      '</a> no celular e toque em "Estou pronto". Quando a nossa ' +
      'equipe pedir, digite ali o código de 6 números que o Prenot@mi envia para o seu e-mail ' +
      '(remetente noreply-prenotami@esteri.it, assunto "OTP Code").',
    'Nunca pedimos a sua senha ou o código por e-mail, telefone ou WhatsApp: só nessa página.',
  ]);
}

// ------------------------------------------------------------------ attempts

/**
 * Staff record an attempt: its author from the session, 'outro' with a note, a line in the history, and on the
 * booking's handling what it means for the customer (dia_comum.js tentativaNoAtendimento: a refused code).
 */
function registrarTentativa(e) {
  const body = e.requestInfo().body || {};
  const atendimento = achar(e.app, 'atendimentos', 'agendamento = {:a}', {
    a: String(body.agendamento || ''),
  });
  lancarRecusas(
    comum.errosDaTentativa(
      String(body.resultado || ''),
      body.nota,
      atendimento && {
        pedido_em: atendimento.getString('pedido_em'),
        entregue_em: atendimento.getString('entregue_em'),
      },
    ),
  );
  const quem = historico.autoria(e.auth);
  e.record.set('autor', quem.autor);
  e.record.set('autor_nome', quem.autor_nome);
  const app = e.app;
  app.runInTransaction((tx) => {
    e.app = tx;
    // Its window and what it means for the guarantee (lib/garantia.js), from the case as it is now.
    require(`${__hooks}/lib/garantia.js`).marcarTentativa(tx, e.record, e.hasSuperuserAuth());
    e.next();
    // A wrong or expired code: its owner's standby page says so at once (the handling's realtime event).
    const marca = comum.tentativaNoAtendimento(e.record.getString('resultado'), pbData(Date.now()));
    if (marca && atendimento) {
      const atual = tx.findRecordById('atendimentos', atendimento.id);
      atual.load(marca);
      tx.save(atual);
    }
    const nota = e.record.getString('nota');
    historico.registrarNota(
      tx,
      e.record.getString('agendamento'),
      'tentativa',
      comum.notaTentativa(e.record.getString('resultado'), nota),
      e.auth,
    );
  });
  e.app = app;
}

// ------------------------------------------------------------------ appointments

/**
 * After staff save or remove an appointment: the booking is AGENDADO once every applicant has one, its seed
 * fields (date, time, place) holding the earliest; the change is recorded and the customer e-mailed the list.
 */
function salvarCompromisso(e) {
  const app = e.app;
  // The fields only the server writes: "Já confirmei" (lib/remarcar.js confirmar) and a cancellation.
  const recusa = comum.recusaDoCompromisso(Object.keys(e.requestInfo().body || {}));
  if (recusa) throw new BadRequestError(recusa);
  let resultado = null;
  app.runInTransaction((tx) => {
    e.app = tx;
    if (e.record.getString('consulado') === '' && e.record.getString('agendamento')) {
      const ag = achar(tx, 'agendamentos', 'id = {:id}', { id: e.record.getString('agendamento') });
      const c = ag && consuladoDe(tx, ag);
      if (c) {
        e.record.set('consulado', c.id);
        if (!e.record.getString('local')) e.record.set('local', localDe(c));
      }
    }
    const doAgendamento = tx
      .findRecordsByFilter('requerentes', 'agendamento = {:a}', '', 0, 0, {
        a: e.record.getString('agendamento'),
      })
      .map((r) => r.id);
    lancarRecusas(
      comum.errosDoCompromisso({
        requerentes: e.record.getStringSlice('requerentes'),
        doAgendamento: doAgendamento,
        dataAntes: e.record.isNew() ? '' : e.record.original().getString('data'),
        data: e.record.getString('data'),
        hoje: regras.hojeSaoPaulo(),
      }),
    );
    e.next();
    resultado = atualizarAgendamento(tx, e.record.getString('agendamento'), e.auth);
  });
  e.app = app;
  if (resultado) avisar(app, resultado);
}

function localDe(consulado) {
  return comum.localDe(consulado.getString('nome'), consulado.getString('endereco'));
}

/**
 * The booking's active appointments, earliest first (dia_comum.js ativos), from all of its own (an indexed read:
 * idx_compromissos_agendamento).
 */
function compromissosDe(app, agendamentoId) {
  return comum.ativos(
    app.findRecordsByFilter('compromissos', 'agendamento = {:a}', 'data,hora', 0, 0, { a: agendamentoId }),
    (c, campo) => c.getString(campo),
  );
}

function atualizarAgendamento(app, agendamentoId, auth) {
  const agendamento = app.findRecordById('agendamentos', agendamentoId);
  const requerentes = app.findRecordsByFilter('requerentes', 'agendamento = {:a}', 'created', 10, 0, {
    a: agendamentoId,
  });
  const { primeiro } = comum.cobertura(
    requerentes.map((r) => r.id),
    compromissosDe(app, agendamentoId).map((c) => ({
      requerentes: c.getStringSlice('requerentes'),
      data: c.getString('data'),
      hora: c.getString('hora'),
      local: c.getString('local'),
    })),
  );
  const status = agendamento.getString('status_agendamento');
  const valores = comum.agendado(primeiro, status);
  if (!valores) return null;
  const antes = agendamento.original();
  agendamento.load(valores);
  app.save(agendamento);
  const entrada = historico.registrarAlteracao(app, antes, agendamento, auth);
  return status !== 'AGENDADO' && entrada ? { agendamento: agendamento, entrada: entrada } : null;
}

/** One line per appointment: 'Maria Rossi: 01/12/2026 às 09:00, Consulado… (código ABC)'. */
function linhasCompromissos(app, agendamentoId) {
  const nomes = {};
  app
    .findRecordsByFilter('requerentes', 'agendamento = {:a}', 'created', 10, 0, { a: agendamentoId })
    .forEach((r) => (nomes[r.id] = nomeDe(r)));
  return compromissosDe(app, agendamentoId).map((c) => {
    const d = c.getString('data');
    const quem = c
      .getStringSlice('requerentes')
      .map((id) => nomes[id] || '')
      .join(', ');
    return {
      quem: quem,
      quando: d.slice(8, 10) + '/' + d.slice(5, 7) + '/' + d.slice(0, 4) + ' às ' + c.getString('hora'),
      local: c.getString('local'),
      codigo: c.getString('codigo_portal'),
      // "Adicionar ao Google Agenda" (issue #28, lib/calendario.js).
      google: require(`${__hooks}/lib/calendario.js`).linkGoogle({
        nome: quem || 'Requerente',
        data: d,
        hora: c.getString('hora'),
        local: c.getString('local'),
      }),
    };
  });
}

function avisar(app, resultado) {
  const { agendamento, entrada } = resultado;
  require(`${__hooks}/lib/emails_status.js`).enviarEAnotar(
    app,
    agendamento,
    entrada,
    linhasCompromissos(app, agendamento.id),
  );
}

module.exports = {
  MSG,
  mostrarEquipe,
  RESULTADOS,
  salvarConsulado,
  validarPrenotami,
  definirEstadoConta,
  assumir,
  soltar,
  pedir,
  pronto,
  avisarProntidao,
  registrarTentativa,
  salvarCompromisso,
  compromissosDe,
  linhasCompromissos,
  pbData,
};
