// After the slot, in its order of steps, written once: the owner's "Já confirmei", staff's list of who has not
// confirmed, the owner's Flex request and staff's record of the consulate's cancellation, both of which send the
// booking back to the ready list (voltarParaProntos). calendario.js and dia_comum.js decide each step. Records are
// read and written by the caller's "ports" (plain functions): lib/remarcar.js gives PocketBase's records and
// transactions (the demo double runs that file too, through src/mocks/jsvm). CommonJS requiring only other rules
// modules (scripts/build/kit-module.ts serves it to the app).
//
// The ports (remarcar_fluxo.d.ts); an appointment is plain values { id, agendamento, consulado, data, hora,
// confirmado_em, cancelamento, requerentes (ids) }, a booking { id, usuario, status_agendamento, flex_usado_em,
// pagamento }:
//   agendamento(id): the booking, or null; compromisso(id): the appointment, or null.
//   consulado(compromisso, agendamento): the appointment's consulate ({ confirmacao }), or null.
//   nomes(ids): the applicants' names (processo_comum.js nomeRequerente), in that order, the unknown left out.
//   flex(agendamento): whether its order has the Flex.
//   ativos(agendamentoId): the booking's active appointments, earliest first (dia_comum.js ativos).
//   transacao(fazer): runs `fazer` with every write in one transaction (nothing of it kept when it throws).
//   gravarCompromisso(id, valores): the appointment read afresh, `valores` written on it; returns it.
//   nota(agendamentoId, campo, texto): a history line, by whoever asks.
//   For the return to the ready list also: gravarAgendamento(id, valores) (read afresh, saved, its change in the
//   history; returns what the route answers), atendimento(agendamentoId) (the day's handling { id }, or null),
//   gravarAtendimento(atendimento, valores), apagar({ atendimento: id }) (what was relayed on it deleted) and
//   avisar() (after the transaction: the status e-mail, where the runtime sends it apart from the save).
//   For the list: pendentes(filtro, params, limite) (appointments matching calendario.js's filter, by day and
//   time, at most `limite`), cliente(agendamentoId) (its owner's name).
//   resposta(compromissoId): "Já confirmei"'s answer, the appointment as stored now.
//
// Each flow returns { erro: { status, message } } (nothing was written) or { resposta }.

const cal = require(`${__hooks}/lib/calendario.js`);
const comum = require(`${__hooks}/lib/dia_comum.js`);
const R = require(`${__hooks}/lib/regras.json`);

const MSG = comum.MSG;
const NAO_ENCONTRADO = { erro: { status: 404, message: MSG.naoEncontrado } };

/** The most rows staff's list of who has not confirmed answers. */
const LIMITE_PENDENTES = 200;

/** The booking `id` if `quem` (a user id) owns it: anyone else gets the same null as for one that does not exist. */
function doDono(portas, id, quem) {
  const agendamento = portas.agendamento(id);
  return agendamento && quem && agendamento.usuario === quem ? agendamento : null;
}

const nomesDe = (portas, c) => cal.nomes(portas.nomes(c.requerentes || []));

/**
 * "Já confirmei" (POST /api/compromissos/{id}/confirmado) by `quem` on `hoje`, at `agora` (the instant as the store
 * keeps it): the appointment and its booking found and owned (404 alike), the consulate's rule and its window
 * checked (400), then, the first time only, in one transaction when it was confirmed and the history note.
 */
function confirmar(portas, compromissoId, quem, hoje, agora) {
  const compromisso = portas.compromisso(compromissoId);
  const agendamento = compromisso && doDono(portas, compromisso.agendamento, quem);
  if (!agendamento) return NAO_ENCONTRADO;
  const consulado = portas.consulado(compromisso, agendamento);
  const recusa = cal.recusaConfirmacao({
    status: agendamento.status_agendamento,
    confirmacao: consulado ? consulado.confirmacao : 'desconhecido',
    dia: compromisso.data,
    hoje: hoje,
    cancelado: !!compromisso.cancelamento,
  });
  if (recusa) return { erro: { status: 400, message: recusa } };
  const confirmado = cal.confirmacao(compromisso.confirmado_em, agora);
  if (confirmado) {
    portas.transacao(() => {
      const atual = portas.gravarCompromisso(compromisso.id, confirmado);
      const nota = cal.notaConfirmado(nomesDe(portas, atual), atual.data, atual.hora);
      portas.nota(agendamento.id, 'confirmacao_portal', nota);
    });
  }
  return { resposta: portas.resposta(compromisso.id) };
}

/**
 * Staff's list of who has not confirmed (GET /api/confirmacoes/pendentes) on `hoje`: calendario.js's filter up to
 * the window's first day, each row with its customer and applicants (calendario.js linhaPendente).
 */
function pendentes(portas, equipe, hoje) {
  if (!equipe) return { erro: { status: 403, message: MSG.apenasEquipe } };
  const ate = cal.somarDias(hoje, cal.CONFIRMACAO.deDias);
  const lista = portas
    .pendentes(cal.FILTRO_PENDENTES, { hoje: hoje, ate: ate }, LIMITE_PENDENTES)
    .map((c) => cal.linhaPendente(c, c.agendamento, portas.cliente(c.agendamento), nomesDe(portas, c), hoje));
  return { resposta: lista };
}

/**
 * The booking goes back to the ready list (ANALISE_OK), in one transaction: each active appointment's cancellation
 * (`tipo`: flex | consulado) and its history note, the booking's date cleared (its change in the history), the
 * day's handling reset and, nobody holding the case now, what was relayed to its holder deleted (as on "Soltar").
 * Then the status e-mail. Returns { resposta } (gravarAgendamento's).
 */
function voltarParaProntos(portas, agendamentoId, tipo, motivo, agora) {
  const volta = cal.voltaParaProntos(tipo, motivo, agora);
  let resposta = null;
  portas.transacao(() => {
    portas.ativos(agendamentoId).forEach((c) => {
      const atual = portas.gravarCompromisso(c.id, volta.compromisso);
      const nota = cal.notaCancelamento(tipo, nomesDe(portas, atual), atual.data, atual.hora, motivo);
      portas.nota(agendamentoId, 'cancelamento', nota);
    });
    resposta = portas.gravarAgendamento(agendamentoId, volta.agendamento);
    const atendimento = portas.atendimento(agendamentoId);
    if (atendimento) {
      portas.gravarAtendimento(atendimento, volta.atendimento);
      if (comum.semResponsavel(volta.atendimento)) portas.apagar({ atendimento: atendimento.id });
    }
  });
  portas.avisar();
  return { resposta: resposta };
}

/**
 * The owner (`quem`) asks for a new date with the order's Flex (POST /api/agendamentos/{id}/flex {motivo}) on
 * `hoje`: the booking found and owned (404), the request checked (calendario.js recusaFlex: the order has Flex, not
 * used yet, an active appointment far enough ahead, a reason; 400), then back to the ready list.
 */
function pedirFlex(portas, agendamentoId, quem, corpo, hoje, agora) {
  const agendamento = doDono(portas, agendamentoId, quem);
  if (!agendamento) return NAO_ENCONTRADO;
  const motivo = cal.motivoDoPedido(corpo, 'flex');
  const lista = portas.ativos(agendamento.id);
  const recusa = cal.recusaFlex({
    status: agendamento.status_agendamento,
    flex: portas.flex(agendamento),
    usadoEm: agendamento.flex_usado_em || '',
    dia: lista.length ? lista[0].data : '',
    hoje: hoje,
    prazoDias: R.flex.prazoDias,
    motivo: motivo,
  });
  if (recusa) return { erro: { status: 400, message: recusa } };
  return voltarParaProntos(portas, agendamento.id, 'flex', motivo, agora);
}

/**
 * Staff record the consulate's cancellation (POST /api/agendamentos/{id}/cancelamento-consulado {motivo}): free
 * of charge, the Flex untouched. dia_comum.js recusaCancelamento (staff only, the booking found, scheduled, with an
 * active appointment), then back to the ready list.
 */
function cancelamentoConsulado(portas, agendamentoId, equipe, corpo, agora) {
  const agendamento = equipe ? portas.agendamento(agendamentoId) : null;
  const recusa = comum.recusaCancelamento({
    equipe: equipe,
    existe: !!agendamento,
    status: agendamento ? agendamento.status_agendamento : '',
    ativos: agendamento ? portas.ativos(agendamento.id).length : 0,
  });
  if (recusa) return { erro: { status: recusa.status, message: recusa.message } };
  const motivo = cal.motivoDoPedido(corpo, 'consulado');
  return voltarParaProntos(portas, agendamento.id, 'consulado', motivo, agora);
}

module.exports = {
  confirmar,
  pendentes,
  voltarParaProntos,
  pedirFlex,
  cancelamentoConsulado,
  LIMITE_PENDENTES,
};
