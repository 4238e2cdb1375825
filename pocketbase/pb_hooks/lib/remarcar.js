// Confirmation and Flex (issue #28, items 1 and 3). Their order of steps is lib/remarcar_fluxo.js's (confirmar,
// pendentes, pedirFlex, cancelamentoConsulado, voltarParaProntos), over the kit's shared rules (lib/calendario.js,
// lib/dia_comum.js), which the app and the demo double run too; this adapter gives it PocketBase's records and
// transactions, and sends the confirmation e-mails (once each: the `lembretes` collection).
const regras = require(`${__hooks}/lib/regras.js`);
const historico = require(`${__hooks}/lib/historico.js`);
const emails = require(`${__hooks}/lib/emails.js`);
const cal = require(`${__hooks}/lib/calendario.js`);
const comum = require(`${__hooks}/lib/dia_comum.js`);
const fluxo = require(`${__hooks}/lib/remarcar_fluxo.js`);

function achar(app, colecao, filtro, params) {
  const lista = app.findRecordsByFilter(colecao, filtro, '', 1, 0, params);
  return lista.length ? lista[0] : null;
}

const hojeDe = () => regras.hojeSaoPaulo();

/** The applicants' names of `ids`, in that order (processo.js nomeRequerente), the unknown left out. */
function nomesDe(app, ids) {
  return ids
    .map((id) => achar(app, 'requerentes', 'id = {:id}', { id: id }))
    .filter((r) => r)
    .map(require(`${__hooks}/lib/processo.js`).nomeRequerente);
}

const nomes = (app, compromisso) => cal.nomes(nomesDe(app, compromisso.getStringSlice('requerentes')));

const quando = (c) => cal.quando(c.getString('data'), c.getString('hora'));

/** An appointment as remarcar_fluxo.js reads it. */
function compromissoDe(c) {
  const campos = { id: c.id, requerentes: c.getStringSlice('requerentes') };
  ['agendamento', 'consulado', 'data', 'hora', 'confirmado_em', 'cancelamento'].forEach(
    (campo) => (campos[campo] = c.getString(campo)),
  );
  return campos;
}

/**
 * remarcar_fluxo.js's ports on PocketBase: reads on `app` (on the transaction's `tx` while one runs), writes in
 * one transaction, history by `auth`.
 */
function portas(app, auth) {
  let db = app;
  let entrada = null;
  let agendamento = null;
  const ler = (colecao, id) => achar(db, colecao, 'id = {:id}', { id: id });
  return {
    agendamento: (id) => {
      const a = ler('agendamentos', id);
      if (!a) return null;
      const campos = { id: a.id };
      ['usuario', 'status_agendamento', 'flex_usado_em', 'pagamento', 'consulado'].forEach(
        (campo) => (campos[campo] = a.getString(campo)),
      );
      return campos;
    },
    compromisso: (id) => {
      const c = ler('compromissos', id);
      return c && compromissoDe(c);
    },
    consulado: (c, a) => {
      // The appointment's own consulate, else the one whose code the booking carries.
      const consulado =
        ler('consulados', c.consulado) || achar(db, 'consulados', 'codigo = {:c}', { c: a.consulado });
      return consulado && { confirmacao: consulado.getString('confirmacao') };
    },
    flex: (a) => {
      const pagamento = ler('pagamentos', a.pagamento);
      return !!pagamento && pagamento.getBool('flex');
    },
    nomes: (ids) => nomesDe(db, ids),
    ativos: (agendamentoId) =>
      comum
        .ativos(
          db.findRecordsByFilter('compromissos', 'agendamento = {:a}', 'data,hora', 0, 0, {
            a: agendamentoId,
          }),
          (c, campo) => c.getString(campo),
        )
        .map(compromissoDe),
    transacao: (fazer) =>
      app.runInTransaction((tx) => {
        db = tx;
        try {
          fazer();
        } finally {
          db = app;
        }
      }),
    gravarCompromisso: (id, valores) => {
      const c = db.findRecordById('compromissos', id);
      c.load(valores);
      db.saveNoValidate(c);
      return compromissoDe(c);
    },
    nota: (agendamentoId, campo, texto) => historico.registrarNota(db, agendamentoId, campo, texto, auth),
    gravarAgendamento: (id, valores) => {
      const atual = db.findRecordById('agendamentos', id);
      const antes = atual.original();
      atual.load(valores);
      db.save(atual);
      entrada = historico.registrarAlteracao(db, antes, atual, auth);
      agendamento = atual;
      return atual;
    },
    atendimento: (agendamentoId) => achar(db, 'atendimentos', 'agendamento = {:a}', { a: agendamentoId }),
    gravarAtendimento: (atendimento, valores) => {
      atendimento.load(valores);
      db.save(atendimento);
    },
    apagar: (onde) => require(`${__hooks}/lib/retransmissao.js`).apagarDoAtendimento(db, onde.atendimento),
    avisar: () => require(`${__hooks}/lib/emails_status.js`).enviarEAnotar(app, agendamento, entrada),
    pendentes: (filtro, params, limite) =>
      db.findRecordsByFilter('compromissos', filtro, 'data,hora', limite, 0, params).map(compromissoDe),
    cliente: (agendamentoId) => {
      const a = db.findRecordById('agendamentos', agendamentoId);
      return db.findRecordById('usuarios', a.getString('usuario')).getString('nome_completo');
    },
    resposta: (id) => app.findRecordById('compromissos', id),
  };
}

/** A flow's answer: its refusal thrown as PocketBase's error, else its `resposta` as JSON. */
function responder(e, feito) {
  if (feito.erro) throw new ApiError(feito.erro.status, feito.erro.message, {});
  return e.json(200, feito.resposta);
}

const quem = (e) => (e.auth ? e.auth.id : '');
const equipe = (e) => !!e.auth && e.auth.getBool('admin');

/** POST /api/compromissos/{id}/confirmado: the owner says the appointment is confirmed in the portal. */
function confirmar(e) {
  const id = e.request.pathValue('id');
  return responder(e, fluxo.confirmar(portas(e.app, e.auth), id, quem(e), hojeDe(), new DateTime()));
}

// ------------------------------------------------------------------ the confirmation e-mails

/**
 * For each active appointment at a consulate that asks for confirmation: an e-mail the day its window opens
 * (conf_abre, D-10) and, when "Já confirmei" was not recorded, two days before it closes (conf_fecha, D-5).
 * Recorded first in `lembretes` (its unique index: once, across restarts), then sent.
 */
function lembrarConfirmacao(app, hoje) {
  let enviados = 0;
  [
    ['conf_abre', cal.CONFIRMACAO.deDias],
    ['conf_fecha', cal.CONFIRMACAO.ateDias + cal.CONFIRMACAO.avisoDias],
  ].forEach((par) => {
    app
      .findRecordsByFilter(
        'compromissos',
        "data = {:d} && cancelamento = '' && ocorrencia = '' && consulado.confirmacao = 'sim'",
        'hora',
        0,
        0,
        { d: cal.somarDias(hoje, par[1]) },
      )
      .forEach((c) => {
        if (par[0] === 'conf_fecha' && c.getString('confirmado_em') !== '') return;
        const agendamento = app.findRecordById('agendamentos', c.getString('agendamento'));
        if (agendamento.getString('status_agendamento') !== 'AGENDADO') return;
        if (enviarConfirmacao(app, agendamento, c, par[0], hoje)) enviados++;
      });
  });
  return enviados;
}

function enviarConfirmacao(app, agendamento, compromisso, tipo, hoje) {
  const lembrete = require(`${__hooks}/lib/pos_vaga.js`).aEnviar(
    app,
    agendamento.id,
    compromisso.id,
    '',
    tipo,
  );
  if (!lembrete) return false;
  const usuario = app.findRecordById('usuarios', agendamento.getString('usuario'));
  const janela = cal.janelaConfirmacao(compromisso.getString('data'), hoje);
  const quem = emails.escapar(nomes(app, compromisso) || 'Requerente');
  const assunto =
    (tipo === 'conf_abre' ? 'Confirme o agendamento no Prenot@mi' : 'Faltam 2 dias: confirme o agendamento') +
    ' até ' +
    cal.diaBR(janela.ate);
  const ok = emails.enviar(app, usuario.email(), assunto, [
    'Olá, ' + emails.escapar(usuario.getString('nome_completo')) + '.',
    'O atendimento de <strong>' + quem + '</strong> é em ' + quando(compromisso) + '.',
    'O consulado cancela o agendamento que não for confirmado no portal entre ' +
      cal.diaBR(janela.de) +
      ' e ' +
      cal.diaBR(janela.ate) +
      '. Entre no Prenot@mi com a conta do requerente, abra "I miei appuntamenti" e confirme o agendamento.',
    'Depois, toque em "Já confirmei" na página de andamento: <a href="' +
      emails.escapar(app.settings().meta.appURL + '/tracking') +
      '">acompanhar o pedido</a>.',
  ]);
  if (!ok) return false;
  lembrete.set('enviado', true);
  app.save(lembrete);
  return true;
}

/**
 * GET /api/confirmacoes/pendentes (staff): the active appointments of AGENDADO bookings at consulates that ask
 * for confirmation, whose window is open or over, without "Já confirmei"; the window's last day first.
 */
function pendentes(e) {
  return responder(e, fluxo.pendentes(portas(e.app, e.auth), equipe(e), hojeDe()));
}

/** POST /api/agendamentos/{id}/flex {motivo}: the owner asks for a new date with the order's Flex. */
function pedirFlex(e) {
  const id = e.request.pathValue('id');
  const corpo = e.requestInfo().body;
  return responder(e, fluxo.pedirFlex(portas(e.app, e.auth), id, quem(e), corpo, hojeDe(), new DateTime()));
}

/** POST /api/agendamentos/{id}/cancelamento-consulado {motivo} (staff): free of charge, Flex untouched. */
function cancelamentoConsulado(e) {
  const id = e.request.pathValue('id');
  const corpo = e.requestInfo().body;
  return responder(
    e,
    fluxo.cancelamentoConsulado(portas(e.app, e.auth), id, equipe(e), corpo, new DateTime()),
  );
}

module.exports = { confirmar, lembrarConfirmacao, pendentes, pedirFlex, cancelamentoConsulado };
