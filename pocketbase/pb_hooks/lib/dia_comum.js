// Booking day's decisions, written once for both runtimes like janelas.js (CommonJS, requires nothing): the kit
// (lib/dia.js, lib/retransmissao.js) and the demo double (src/mocks/dia*.ts) run these same functions.

const MSG = {
  soEquipe: 'Apenas a equipe pode fazer isso.',
  naoEncontrado: 'Agendamento não encontrado.',
  comOutro: 'Este caso já está com {nome}.',
  naoAssumido: 'Assuma o caso antes de pedir algo ao cliente.',
  naoPronto: 'Este agendamento ainda não está pronto para agendar no consulado.',
  tipo: 'Escolha o que pedir: acesso (senha) ou código.',
  estado: 'Escolha um estado da conta: a criar, criada, verificada ou bloqueada.',
  estadoEquipe: 'O estado da conta do Prenot@mi é mantido pela nossa equipe.',
  emailInvalido: 'E-mail inválido.',
  emailEmpresa:
    'Este é um contato da nossa empresa. A conta do Prenot@mi precisa ter o e-mail e o celular do próprio ' +
    'requerente: contas com contatos de terceiros são bloqueadas pelo consulado.',
  emailOutro:
    'Este e-mail já é de outro requerente. Cada requerente precisa da própria conta do Prenot@mi, com e-mail ' +
    'e celular só seus.',
  celularOutro:
    'Este celular já é de outro requerente. Cada requerente precisa da própria conta do Prenot@mi, com e-mail ' +
    'e celular só seus.',
  notaOutro: 'Descreva o que aconteceu.',
  consuladoCodigo: 'O código do consulado não muda.',
  fuso: 'Fuso horário desconhecido: use America/Sao_Paulo.',
  // The relay (lib/retransmissao.js)
  codigo: 'O código tem 6 números.',
  senha: 'A senha tem no máximo 100 caracteres.',
  naoPedido: 'A nossa equipe não está pedindo isso agora.',
};

const RESULTADOS = {
  sem_vagas: 'sem vagas',
  codigo_nao_chegou: 'código não chegou',
  portal_fora: 'portal fora do ar',
  agendado: 'agendado',
  outro: 'outro',
};
const ESTADOS_CONTA = ['a_criar', 'criada', 'verificada', 'bloqueada'];
/** What staff may ask for ('' closes what was asked). */
const PEDIDOS = ['senha', 'codigo', ''];
const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** Why a relayed value cannot be stored ('' when it can): a code is digits only, at most 6 (typed one by one). */
function motivoValor(tipo, valor) {
  if (tipo === 'codigo' && !/^\d{0,6}$/.test(valor)) return MSG.codigo;
  if (tipo === 'senha' && valor.length > 100) return MSG.senha;
  return '';
}

/** Finished: a code's 6th digit, or 'Enviar' (`enviar: true`) for the password; once. */
function completo(tipo, valor, jaEnviado, enviar) {
  if (jaEnviado) return false;
  return tipo === 'codigo' ? /^\d{6}$/.test(valor) : enviar === true && valor !== '';
}

/** The history's line for a relay, never the value: 'código recebido às 16:00:12'. */
function notaRecebido(tipo, hora) {
  return (tipo === 'codigo' ? 'código recebido' : 'senha recebida') + ' às ' + hora;
}

/** The history's line for what staff asked: 'código pedido às 16:00:02'. */
function notaPedido(tipo, hora) {
  return (tipo === 'codigo' ? 'código' : 'acesso (senha)') + ' pedido às ' + hora;
}

/** The history's line for an attempt: 'sem vagas', 'outro: a note'. */
function notaTentativa(resultado, nota) {
  return RESULTADOS[resultado] + (nota ? ': ' + nota : '');
}

/**
 * Why an applicant's Prenot@mi e-mail or mobile (already normalized: lower case, digits) is refused, as
 * {code, message}, or null. `empresa` is the company's list for that field, `deOutro(valor)` whether another
 * applicant has it, `celularOk`/`celularInvalido` the kit's mobile check and its message.
 */
function recusaContato(campo, valor, empresa, deOutro, celularOk, celularInvalido) {
  if (valor === '') return null;
  const email = campo === 'prenotami_email';
  if (email ? !EMAIL.test(valor) : !celularOk) {
    return email
      ? { code: 'validation_invalid_email', message: MSG.emailInvalido }
      : { code: 'validation_invalid_celular', message: celularInvalido };
  }
  if (empresa.indexOf(valor) >= 0) return { code: 'validation_company_contact', message: MSG.emailEmpresa };
  if (deOutro(valor)) {
    return { code: 'validation_other_applicant', message: email ? MSG.emailOutro : MSG.celularOutro };
  }
  return null;
}

/**
 * The booking's appointments ({requerentes, data, hora, ...}) sorted earliest first, and the earliest when every
 * applicant (ids) has one (the booking then becomes AGENDADO with it), else null.
 */
function cobertura(requerentes, compromissos) {
  const lista = compromissos.slice().sort((a, b) => (a.data + a.hora < b.data + b.hora ? -1 : 1));
  const cobertos = {};
  lista.forEach((c) => c.requerentes.forEach((id) => (cobertos[id] = true)));
  const todos = requerentes.length > 0 && requerentes.every((id) => cobertos[id]);
  return { lista: lista, primeiro: todos ? lista[0] : null };
}

/** The office as the appointment says it: 'Consulado-Geral da Itália em São Paulo, Av. Paulista, 1963'. */
function localDe(nome, endereco) {
  const texto = 'Consulado-Geral da Itália em ' + nome;
  return endereco ? texto + ', ' + endereco : texto;
}

/**
 * What one move of the day's handling of a booking does (`acao`: 'assumir' the case, 'soltar' it, 'pedir' the
 * customer for access or a code, the owner's 'pronto'), or why it is refused: { erro: { status, message } } or
 * { valores } to write on the handling. `atendimento`: { responsavel, responsavel_nome }; `pronto`: the booking is
 * at ANALISE_OK; `quem`: { id, nome } of who asks; `tipo`: what 'pedir' asks (PEDIDOS, checked before); `agora`:
 * the instant as PocketBase stores it.
 */
function acaoDoAtendimento(acao, atendimento, pronto, quem, tipo, agora) {
  const recusa = (status, message) => ({ erro: { status: status, message: message } });
  if (acao === 'assumir') {
    if (atendimento.responsavel && atendimento.responsavel !== quem.id) {
      return recusa(409, MSG.comOutro.replace('{nome}', atendimento.responsavel_nome));
    }
    return { valores: { responsavel: quem.id, responsavel_nome: quem.nome } };
  }
  if (acao === 'pronto') {
    if (!pronto) return recusa(409, MSG.naoPronto);
    return { valores: { pronto: true, pronto_em: agora } };
  }
  if (acao === 'pedir' && !pronto) return recusa(409, MSG.naoPronto);
  if (atendimento.responsavel !== quem.id) return recusa(403, MSG.naoAssumido);
  if (acao === 'soltar') return { valores: { responsavel: '', responsavel_nome: '', pedido: '' } };
  return { valores: { pedido: tipo, pedido_em: agora } };
}

/**
 * What a booking becomes once its appointments cover every applicant (cobertura's `primeiro`, the earliest
 * appointment): AGENDADO on that day, time and place, from ANALISE_OK or AGENDADO (a later appointment moves it);
 * null when nothing changes.
 */
function agendado(primeiro, statusAgendamento) {
  if (!primeiro || ['ANALISE_OK', 'AGENDADO'].indexOf(statusAgendamento) < 0) return null;
  return {
    status_agendamento: 'AGENDADO',
    data_agendamento: primeiro.data + ' 00:00:00.000Z',
    hora_agendamento: primeiro.hora,
    local_agendamento: primeiro.local,
  };
}

module.exports = {
  MSG,
  RESULTADOS,
  ESTADOS_CONTA,
  PEDIDOS,
  motivoValor,
  completo,
  notaRecebido,
  notaPedido,
  notaTentativa,
  recusaContato,
  cobertura,
  localDe,
  acaoDoAtendimento,
  agendado,
};
