// Confirmation and Flex (issue #28, items 1 and 3). The rules are the kit's shared modules (lib/calendario.js:
// recusaConfirmacao, recusaFlex, FILTRO_PENDENTES; lib/dia_comum.js: recusaCancelamento), which the app and the
// demo double run too; this adapter reads the records, writes the answers with history, and sends the
// confirmation e-mails (once each: the `lembretes` collection).
const regras = require(`${__hooks}/lib/regras.js`);
const R = require(`${__hooks}/lib/regras.json`);
const historico = require(`${__hooks}/lib/historico.js`);
const emails = require(`${__hooks}/lib/emails.js`);
const cal = require(`${__hooks}/lib/calendario.js`);
const comum = require(`${__hooks}/lib/dia_comum.js`);
const MSG = comum.MSG;

function achar(app, colecao, filtro, params) {
  const lista = app.findRecordsByFilter(colecao, filtro, '', 1, 0, params);
  return lista.length ? lista[0] : null;
}

const hojeDe = () => regras.hojeSaoPaulo();

/** The booking, if `auth` owns it (anyone else gets the same 404 as for a booking that does not exist). */
function doDono(app, id, auth) {
  const agendamento = achar(app, 'agendamentos', 'id = {:id}', { id: id });
  if (!agendamento || !auth || agendamento.getString('usuario') !== auth.id) {
    throw new NotFoundError(MSG.naoEncontrado);
  }
  return agendamento;
}

function consuladoDo(app, compromisso, agendamento) {
  return (
    achar(app, 'consulados', 'id = {:id}', { id: compromisso.getString('consulado') }) ||
    achar(app, 'consulados', 'codigo = {:c}', { c: agendamento.getString('consulado') })
  );
}

function nomes(app, compromisso) {
  return cal.nomes(
    compromisso
      .getStringSlice('requerentes')
      .map((id) => achar(app, 'requerentes', 'id = {:id}', { id: id }))
      .filter((r) => r)
      .map(require(`${__hooks}/lib/processo.js`).nomeRequerente),
  );
}

const quando = (c) => cal.quando(c.getString('data'), c.getString('hora'));

// ------------------------------------------------------------------ "Já confirmei"

/** POST /api/compromissos/{id}/confirmado: the owner says the appointment is confirmed in the portal. */
function confirmar(e) {
  const app = e.app;
  const compromisso = achar(app, 'compromissos', 'id = {:id}', { id: e.request.pathValue('id') });
  if (!compromisso) throw new NotFoundError(MSG.naoEncontrado);
  const agendamento = doDono(app, compromisso.getString('agendamento'), e.auth);
  const consulado = consuladoDo(app, compromisso, agendamento);
  const recusa = cal.recusaConfirmacao({
    status: agendamento.getString('status_agendamento'),
    confirmacao: consulado ? consulado.getString('confirmacao') : 'desconhecido',
    dia: compromisso.getString('data'),
    hoje: hojeDe(),
    cancelado: compromisso.getString('cancelamento') !== '',
  });
  if (recusa) throw new BadRequestError(recusa);
  const confirmado = cal.confirmacao(compromisso.getString('confirmado_em'), new DateTime());
  if (confirmado) {
    app.runInTransaction((tx) => {
      const atual = tx.findRecordById('compromissos', compromisso.id);
      atual.load(confirmado);
      tx.saveNoValidate(atual);
      historico.registrarNota(
        tx,
        agendamento.id,
        'confirmacao_portal',
        cal.notaConfirmado(nomes(tx, atual), atual.getString('data'), atual.getString('hora')),
        e.auth,
      );
    });
  }
  return e.json(200, app.findRecordById('compromissos', compromisso.id));
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

// ------------------------------------------------------------------ staff: who has not confirmed

/**
 * GET /api/confirmacoes/pendentes (staff): the active appointments of AGENDADO bookings at consulates that ask
 * for confirmation, whose window is open or over, without "Já confirmei"; the window's last day first.
 */
function pendentes(e) {
  if (!e.auth || !e.auth.getBool('admin')) throw new ForbiddenError(MSG.apenasEquipe);
  const hoje = hojeDe();
  const lista = e.app
    .findRecordsByFilter('compromissos', cal.FILTRO_PENDENTES, 'data,hora', 200, 0, {
      hoje: hoje,
      ate: cal.somarDias(hoje, cal.CONFIRMACAO.deDias),
    })
    .map((c) => {
      const agendamento = e.app.findRecordById('agendamentos', c.getString('agendamento'));
      const usuario = e.app.findRecordById('usuarios', agendamento.getString('usuario'));
      return cal.linhaPendente(
        { id: c.id, data: c.getString('data'), hora: c.getString('hora') },
        agendamento.id,
        usuario.getString('nome_completo'),
        nomes(e.app, c),
        hoje,
      );
    });
  return e.json(200, lista);
}

// ------------------------------------------------------------------ Flex, and the consulate's cancellation

/** The booking's active appointments, earliest first (dia_comum.js ativos; an indexed read of its own). */
function ativos(app, agendamentoId) {
  return comum.ativos(
    app.findRecordsByFilter('compromissos', 'agendamento = {:a}', 'data,hora', 0, 0, { a: agendamentoId }),
    (c, campo) => c.getString(campo),
  );
}

/**
 * The booking goes back to the ready list (ANALISE_OK) with its history: each active appointment's cancellation
 * recorded (`tipo`: flex or consulado), the booking's date cleared, the day's handling reset; the status e-mail.
 */
function voltarParaProntos(app, agendamentoId, tipo, motivo, auth) {
  let entrada = null;
  let agendamento = null;
  app.runInTransaction((tx) => {
    const atual = tx.findRecordById('agendamentos', agendamentoId);
    const antes = atual.original();
    const volta = cal.voltaParaProntos(tipo, motivo, new DateTime());
    ativos(tx, agendamentoId).forEach((c) => {
      c.load(volta.compromisso);
      tx.saveNoValidate(c);
      historico.registrarNota(
        tx,
        agendamentoId,
        'cancelamento',
        cal.notaCancelamento(tipo, nomes(tx, c), c.getString('data'), c.getString('hora'), motivo),
        auth,
      );
    });
    atual.load(volta.agendamento);
    tx.save(atual);
    entrada = historico.registrarAlteracao(tx, antes, atual, auth);
    const atendimento = achar(tx, 'atendimentos', 'agendamento = {:a}', { a: agendamentoId });
    if (atendimento) {
      atendimento.load(volta.atendimento);
      tx.save(atendimento);
      // Nobody holds the case now: what was relayed to its holder goes too (as on "Soltar": lib/dia.js).
      if (comum.semResponsavel(volta.atendimento)) {
        require(`${__hooks}/lib/retransmissao.js`).apagarDoAtendimento(tx, atendimento.id);
      }
    }
    agendamento = atual;
  });
  try {
    const envio = require(`${__hooks}/lib/emails_status.js`).enviarStatus(app, agendamento);
    if (envio && entrada) historico.anotarEmail(app, entrada, envio);
  } catch (err) {
    console.error('Falha no e-mail de status do agendamento ' + agendamentoId + ': ' + err);
  }
  return agendamento;
}

/** POST /api/agendamentos/{id}/flex {motivo}: the owner asks for a new date with the order's Flex. */
function pedirFlex(e) {
  const app = e.app;
  const agendamento = doDono(app, e.request.pathValue('id'), e.auth);
  const motivo = cal.motivoDoPedido(e.requestInfo().body, 'flex');
  const pagamento = achar(app, 'pagamentos', 'id = {:id}', { id: agendamento.getString('pagamento') });
  const lista = ativos(app, agendamento.id);
  const recusa = cal.recusaFlex({
    status: agendamento.getString('status_agendamento'),
    flex: !!pagamento && pagamento.getBool('flex'),
    usadoEm: agendamento.getString('flex_usado_em'),
    dia: lista.length ? lista[0].getString('data') : '',
    hoje: hojeDe(),
    prazoDias: R.flex.prazoDias,
    motivo: motivo,
  });
  if (recusa) throw new BadRequestError(recusa);
  return e.json(200, voltarParaProntos(app, agendamento.id, 'flex', motivo, e.auth));
}

/** POST /api/agendamentos/{id}/cancelamento-consulado {motivo} (staff): free of charge, Flex untouched. */
function cancelamentoConsulado(e) {
  const equipe = !!e.auth && e.auth.getBool('admin');
  const agendamento = equipe && achar(e.app, 'agendamentos', 'id = {:id}', { id: e.request.pathValue('id') });
  const recusa = comum.recusaCancelamento({
    equipe: equipe,
    existe: !!agendamento,
    status: agendamento ? agendamento.getString('status_agendamento') : '',
    ativos: agendamento ? ativos(e.app, agendamento.id).length : 0,
  });
  if (recusa) throw new ApiError(recusa.status, recusa.message, {});
  const motivo = cal.motivoDoPedido(e.requestInfo().body, 'consulado');
  return e.json(200, voltarParaProntos(e.app, agendamento.id, 'consulado', motivo, e.auth));
}

module.exports = { confirmar, lembrarConfirmacao, pendentes, pedirFlex, cancelamentoConsulado };
