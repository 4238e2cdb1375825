// The appointment's calendar (issue #28), for both runtimes (CommonJS, requiring only prazo.js, comum.js and the
// messages, like janelas.js): the
// .ics file (METHOD:PUBLISH, one VEVENT per applicant, two alarms), the "Adicionar ao Google Agenda" link, and
// the portal confirmation window (D-10 to D-3). The server (lib/pos_vaga.js: the reminders, the .ics route)
// and the app's tracking page run this same module. Times are São Paulo's (UTC-3 all year since 2019).
const prazo = require(`${__hooks}/lib/prazo.js`);
const { erroInvisivel } = require(`${__hooks}/lib/comum.js`);
const mensagens = require(`${__hooks}/lib/mensagens.json`);

// Where a consulate asks for it, the appointment is confirmed in the portal from D-10 to D-3
// (booking-operations.md: ambpanama, consnizza, conslondra .esteri.it).
// The second e-mail goes `avisoDias` before the window closes (D-5), when the customer has not said "Já confirmei".
const CONFIRMACAO = { deDias: 10, ateDias: 3, avisoDias: 2 };
const DETALHES = 'Chegar com 30 minutos de antecedência! Leve os documentos originais.';

/** yyyy-mm-dd plus n days. */
function somarDias(dia, n) {
  return new Date(Date.parse(dia + 'T00:00:00Z') + n * 86400000).toISOString().slice(0, 10);
}

/** dd/mm/aaaa. */
function diaBR(dia) {
  return dia.slice(8, 10) + '/' + dia.slice(5, 7) + '/' + dia.slice(0, 4);
}

/** UTC start and end (one hour) of a São Paulo day and time, in iCalendar's basic format. */
function instantes(dia, hora) {
  const ini = Date.parse(dia + 'T' + hora + ':00Z') + prazo.FUSO_MS;
  const f = (ms) =>
    new Date(ms)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  return { inicio: f(ini), fim: f(ini + 3600000) };
}

function titulo(nome) {
  return 'Passaporte italiano: atendimento de ' + nome;
}

/** "Adicionar ao Google Agenda": Google's TEMPLATE link for one applicant's appointment. */
function linkGoogle(ev) {
  const t = instantes(ev.data, ev.hora);
  return (
    'https://calendar.google.com/calendar/render?action=TEMPLATE&text=' +
    encodeURIComponent(titulo(ev.nome)) +
    '&dates=' +
    t.inicio +
    '/' +
    t.fim +
    '&location=' +
    encodeURIComponent(ev.local || '') +
    '&details=' +
    encodeURIComponent(DETALHES)
  );
}

function escapar(texto) {
  return String(texto || '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (RFC 5545 3.1). */
function dobrar(linha) {
  const partes = [];
  let atual = '';
  let bytes = 0;
  for (let i = 0; i < linha.length; i++) {
    const ch = linha[i];
    const c = ch.charCodeAt(0);
    const n = c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdfff ? 2 : 3;
    if (bytes + n > 74 && !(c >= 0xdc00 && c <= 0xdfff)) {
      partes.push(atual);
      atual = ' ';
      bytes = 1;
    }
    atual += ch;
    bytes += n;
  }
  partes.push(atual);
  return partes.join('\r\n');
}

/**
 * The calendar file for a booking's appointments: eventos = [{uid, nome, data, hora, local, codigo}].
 * agoraMs stamps it (DTSTAMP).
 */
function ics(eventos, agoraMs) {
  const carimbo = new Date(agoraMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const linhas = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Passaporte Italiano//Agendamentos//PT',
    'METHOD:PUBLISH',
    'CALSCALE:GREGORIAN',
  ];
  eventos.forEach((ev) => {
    const t = instantes(ev.data, ev.hora);
    linhas.push(
      'BEGIN:VEVENT',
      'UID:' + ev.uid + '@passaporte-italiano',
      'DTSTAMP:' + carimbo,
      'DTSTART:' + t.inicio,
      'DTEND:' + t.fim,
      'SUMMARY:' + escapar(titulo(ev.nome)),
      'LOCATION:' + escapar(ev.local),
      'DESCRIPTION:' + escapar(DETALHES + (ev.codigo ? ' Código: ' + ev.codigo + '.' : '')),
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'TRIGGER:-P1D',
      'DESCRIPTION:' + escapar('Amanhã: ' + titulo(ev.nome)),
      'END:VALARM',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'TRIGGER:-PT3H',
      'DESCRIPTION:' + escapar('Hoje: ' + titulo(ev.nome)),
      'END:VALARM',
      'END:VEVENT',
    );
  });
  linhas.push('END:VCALENDAR');
  return linhas.map(dobrar).join('\r\n') + '\r\n';
}

/**
 * The portal confirmation of an appointment on `dia` seen on `hoje` (São Paulo days): its window
 * {de, ate} and where today stands: 'antes', 'aberta', 'encerrada'.
 */
function janelaConfirmacao(dia, hoje) {
  const de = somarDias(dia, -CONFIRMACAO.deDias);
  const ate = somarDias(dia, -CONFIRMACAO.ateDias);
  return { de: de, ate: ate, estado: hoje < de ? 'antes' : hoje > ate ? 'encerrada' : 'aberta' };
}

/**
 * Staff's list of who has not confirmed (GET /api/confirmacoes/pendentes), as a compromissos filter with {:hoje}
 * and {:ate} (D+10): active appointments (no cancellation, no no-show or re-booking recorded) of AGENDADO bookings
 * at consulates that ask for the confirmation, without "Já confirmei", up to the window's first day.
 */
const FILTRO_PENDENTES =
  "confirmado_em = '' && cancelamento = '' && ocorrencia = '' && consulado.confirmacao = 'sim' && " +
  "agendamento.status_agendamento = 'AGENDADO' && data >= {:hoje} && data <= {:ate}";

/**
 * Why "Já confirmei" is refused for an appointment, or '' when it may be recorded. `p`: {status (the booking's),
 * confirmacao (the consulate's: sim/nao/desconhecido), dia, hoje, cancelado (bool)}.
 */
function recusaConfirmacao(p) {
  if (p.status !== 'AGENDADO' || p.cancelado) return 'Este agendamento não está ativo.';
  if (p.confirmacao !== 'sim') return 'Este consulado não pede confirmação no portal.';
  const janela = janelaConfirmacao(p.dia, p.hoje);
  if (janela.estado !== 'aberta') {
    return 'A confirmação só pode ser registrada entre ' + diaBR(janela.de) + ' e ' + diaBR(janela.ate) + '.';
  }
  return '';
}

/** The last São Paulo day a Flex request is accepted for an appointment on `dia` (`prazoDias` before it). */
function limiteFlex(dia, prazoDias) {
  return somarDias(dia, -prazoDias);
}

/**
 * Why a Flex request (a new date) is refused, or '' when it is accepted. `p`: {status, flex (the order has it),
 * usadoEm (when Flex was used, '' if never), dia (the booking's earliest active appointment), hoje, prazoDias
 * (regras.json flex.prazoDias), motivo}.
 */
function recusaFlex(p) {
  if (!p.flex) return 'O seu pedido não inclui o Flex: a nova data não pode ser pedida por aqui.';
  if (p.usadoEm) return 'O Flex deste pedido já foi usado.';
  if (p.status !== 'AGENDADO' || !p.dia) return 'Não há agendamento ativo para remarcar.';
  const limite = limiteFlex(p.dia, p.prazoDias);
  if (p.hoje > limite) {
    return (
      'O prazo do Flex terminou em ' +
      diaBR(limite) +
      ': a nova data pode ser pedida até ' +
      p.prazoDias +
      ' dias antes do atendimento.'
    );
  }
  const motivo = String(p.motivo || '').trim();
  if (motivo.length < 5) return 'Conte em poucas palavras por que precisa de uma nova data.';
  if (motivo.length > 500) return 'Use no máximo 500 caracteres no motivo.';
  return erroInvisivel(motivo, true, mensagens);
}

/**
 * The reason a request to go back to the ready list carries, from its body: trimmed; the customer's Flex reason is
 * refused past 500 characters (recusaFlex), staff's note of the consulate's cancellation is cut there.
 */
function motivoDoPedido(corpo, tipo) {
  const motivo = String((corpo && corpo.motivo) || '').trim();
  return tipo === 'consulado' ? motivo.slice(0, 500) : motivo;
}

/** The applicants of an appointment as its notes name them: 'Nome Sobrenome, …' (each processo_comum.js nomeRequerente). */
function nomes(lista) {
  return lista.join(', ');
}

/** An appointment's day and time as its notes write them: '02/12/2026 às 09:30h'. */
function quando(data, hora) {
  return diaBR(data) + ' às ' + hora + 'h';
}

/**
 * What the owner's "Já confirmei" writes on an appointment whose `confirmado_em` is `confirmadoEm`, at `agora` (the
 * instant as the store keeps it): when, the first time only; null once recorded (the route answers the appointment
 * as it is, and the history has one note).
 */
function confirmacao(confirmadoEm, agora) {
  return confirmadoEm ? null : { confirmado_em: agora };
}

/** The history note of the owner's "Já confirmei". */
function notaConfirmado(nomesDoCompromisso, data, hora) {
  return 'Confirmado no Prenot@mi pelo cliente: ' + nomesDoCompromisso + ' (' + quando(data, hora) + ')';
}

/** The history note of an appointment cancelled by Flex or by the consulate (`tipo`: 'flex' | 'consulado'). */
function notaCancelamento(tipo, nomesDoCompromisso, data, hora, motivo) {
  return (
    (tipo === 'flex' ? 'Cancelado pelo Flex: ' : 'Cancelado pelo consulado: ') +
    nomesDoCompromisso +
    ' (' +
    quando(data, hora) +
    ')' +
    (motivo ? '. Motivo: ' + motivo : '')
  );
}

/** What a booking becomes when it goes back to the ready list (Flex, or the consulate cancelled): ANALISE_OK, no date. */
const VOLTA_PARA_PRONTOS = {
  status_agendamento: 'ANALISE_OK',
  data_agendamento: '',
  hora_agendamento: '',
  local_agendamento: '',
};

/** What the booking day's handling of it becomes then: no one on it, nothing asked, not ready. */
const ATENDIMENTO_DO_ZERO = { responsavel: '', responsavel_nome: '', pedido: '', pronto: false };

/**
 * What going back to the ready list writes (`tipo`: 'flex' | 'consulado', `motivo`, `agora`: the instant as the
 * store keeps it): on each active appointment its cancellation, on the booking VOLTA_PARA_PRONTOS and, for Flex,
 * when it was used and why; on the booking day's handling ATENDIMENTO_DO_ZERO.
 */
function voltaParaProntos(tipo, motivo, agora) {
  const agendamento = {};
  Object.keys(VOLTA_PARA_PRONTOS).forEach((campo) => (agendamento[campo] = VOLTA_PARA_PRONTOS[campo]));
  if (tipo === 'flex') {
    agendamento.flex_usado_em = agora;
    agendamento.flex_motivo = motivo;
  }
  return {
    compromisso: { cancelamento: tipo, cancelado_em: agora },
    agendamento: agendamento,
    atendimento: ATENDIMENTO_DO_ZERO,
  };
}

/**
 * A row of staff's list of who has not confirmed: the appointment (`c`: {id, data, hora}), its booking, the
 * customer's and the applicants' names, and where its confirmation window stands on `hoje` (its last day).
 */
function linhaPendente(c, agendamento, cliente, requerentes, hoje) {
  const janela = janelaConfirmacao(c.data, hoje);
  return {
    compromisso: c.id,
    agendamento: agendamento,
    cliente: cliente,
    requerentes: requerentes,
    data: c.data,
    hora: c.hora,
    ate: janela.ate,
    estado: janela.estado,
  };
}

module.exports = {
  CONFIRMACAO,
  FILTRO_PENDENTES,
  recusaConfirmacao,
  confirmacao,
  limiteFlex,
  recusaFlex,
  motivoDoPedido,
  somarDias,
  diaBR,
  instantes,
  titulo,
  linkGoogle,
  ics,
  janelaConfirmacao,
  nomes,
  quando,
  notaConfirmado,
  notaCancelamento,
  VOLTA_PARA_PRONTOS,
  ATENDIMENTO_DO_ZERO,
  voltaParaProntos,
  linhaPendente,
};
