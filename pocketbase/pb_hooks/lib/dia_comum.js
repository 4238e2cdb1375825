// Booking day's decisions, written once for both runtimes like janelas.js (CommonJS, requiring only the kit's
// rules modules and JSON): the kit (lib/dia.js, lib/retransmissao.js, lib/remarcar.js) and the demo double
// (src/mocks/dia*.ts, remarcar.ts) run these same functions.

const comum = require(`${__hooks}/lib/comum.js`);
const { msDe } = require(`${__hooks}/lib/garantia_comum.js`);
const janelas = require(`${__hooks}/lib/janelas.js`);
const mensagens = require(`${__hooks}/lib/mensagens.json`);
const mensagensDoProcesso = require(`${__hooks}/lib/processo_regras.json`).mensagens;
const { caixaPostal } = require(`${__hooks}/lib/processo_comum.js`);

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
  semCodigoEntregue:
    'O cliente não informou nenhum código desde o último pedido: registre outro resultado ou peça o código de novo.',
  requerenteDeOutro: 'Escolha só requerentes deste agendamento.',
  consuladoCodigo: 'O código do consulado não muda.',
  fuso: 'Fuso horário desconhecido: use America/Sao_Paulo.',
  // The relay (lib/retransmissao.js)
  codigo: 'O código tem 6 números.',
  senha: 'A senha tem no máximo 100 caracteres.',
  naoPedido: 'A nossa equipe não está pedindo isso agora.',
  // After the slot (lib/remarcar.js)
  apenasEquipe: 'Apenas a equipe.',
  semAtivo: 'Não há agendamento ativo para cancelar.',
  // An appointment's day (recusaDaData), the same words on the booking editor's date (agenda_comum.js)
  dataPassada: mensagensDoProcesso.dataPassada,
};

const RESULTADOS = {
  sem_vagas: 'sem vagas',
  codigo_nao_chegou: 'código não chegou',
  codigo_errado: 'código errado ou expirado',
  portal_fora: 'portal fora do ar',
  agendado: 'agendado',
  outro: 'outro',
};
const ESTADOS_CONTA = ['a_criar', 'criada', 'verificada', 'bloqueada'];
/** What staff may ask for ('' closes what was asked). */
const PEDIDOS = ['senha', 'codigo', ''];
/** How long a relayed value lives unless RETRANSMISSAO_VIDA_S says otherwise, in seconds: the 10 minutes. */
const VIDA_PADRAO_S = 600;
const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
/** What staff edit on a consulate, and what its history compares (the code never changes). */
const CAMPOS_CONSULADO = [
  'nome',
  'canal',
  'janelas',
  'janelas_estado',
  'fuso',
  'modo_familia',
  'confirmacao',
  'confirmacao_quando',
  'endereco',
  'observacoes',
  'fonte',
  'verificado_em',
];
/** An appointment's fields only the server writes: "Já confirmei" (lib/remarcar.js) and a cancellation. */
const CAMPOS_DO_SERVIDOR = ['confirmado_em', 'cancelamento', 'cancelado_em'];

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

/**
 * Why the customer's first keystroke of a relayed value is refused, as {status, message}, or null: only the kind
 * staff ask for now (`pedido`, the handling's) may be relayed.
 */
function recusaDaRetransmissao(pedido, tipo) {
  return pedido !== tipo ? { status: 409, message: MSG.naoPedido } : null;
}

/**
 * What a relayed value's end writes (a code's 6th digit, or 'Enviar': completo): when it was handed over, on the
 * value (`retransmissao`) and on the booking's handling (`atendimento`: the guarantee's clock reads it); `agora` as
 * the store keeps it.
 */
function entrega(agora) {
  return { retransmissao: { enviado_em: agora }, atendimento: { entregue_em: agora } };
}

/** The history's line for a relay, never the value: 'código recebido às 16:00:12'. */
function notaRecebido(tipo, hora) {
  return (tipo === 'codigo' ? 'código recebido' : 'senha recebida') + ' às ' + hora;
}

/**
 * What a write of a relayed value finishes (completo), or null when it finishes nothing: when it was handed over
 * (entrega) and the history's line (`nota`: notaRecebido, never the value). `registro`: { tipo, valor, enviado_em }
 * as the write leaves it; `enviar`: the body's; `agora`: the instant as the store keeps it; `hora`: São Paulo's.
 */
function fimDaRetransmissao(registro, enviar, agora, hora) {
  if (!completo(registro.tipo, registro.valor, !!registro.enviado_em, enviar)) return null;
  const fim = entrega(agora);
  return {
    retransmissao: fim.retransmissao,
    atendimento: fim.atendimento,
    nota: notaRecebido(registro.tipo, hora),
  };
}

/** The history's line for what staff asked: 'código pedido às 16:00:02'. */
function notaPedido(tipo, hora) {
  return (tipo === 'codigo' ? 'código' : 'acesso (senha)') + ' pedido às ' + hora;
}

/**
 * The history's line of a move of the day's handling (acaoDoAtendimento), '' for none: only 'pedir' with something
 * asked (not closing it) says what and when (notaPedido, `hora` in São Paulo).
 */
function notaDoPasso(acao, tipo, hora) {
  return acao === 'pedir' && tipo ? notaPedido(tipo, hora) : '';
}

/**
 * What staff's attempt writes on the booking's handling, or null for nothing: a wrong or expired code
 * ('codigo_errado') records when the code handed over was refused (`recusado_em`, `agora` as the store keeps it), so
 * the customer's standby page says at once that it did not work (estadoDoPedido).
 */
function tentativaNoAtendimento(resultado, agora) {
  return resultado === 'codigo_errado' ? { recusado_em: agora } : null;
}

/**
 * Where the customer stands on what staff ask for, as their standby page shows it, from the booking's handling
 * ({ pedido, pedido_em, entregue_em, recusado_em }, or null): '' nothing asked; 'pedido' asked, nothing handed over
 * since; 'recebido' handed over since it was asked; 'recusado' the code handed over was recorded as wrong or expired
 * (tentativaNoAtendimento) since, until staff ask again (a later `pedido_em`) or another code is handed over.
 * Never the value: the customer reads only their own handling.
 */
function estadoDoPedido(atendimento) {
  if (!atendimento || !atendimento.pedido) return '';
  const entregue = msDe(atendimento.entregue_em);
  if (!entregue || entregue < msDe(atendimento.pedido_em)) return 'pedido';
  return atendimento.pedido === 'codigo' && msDe(atendimento.recusado_em) >= entregue
    ? 'recusado'
    : 'recebido';
}

/** The history's line for an attempt: 'sem vagas', 'outro: a note'. */
function notaTentativa(resultado, nota) {
  return RESULTADOS[resultado] + (nota ? ': ' + nota : '');
}

/**
 * The history's line for staff setting an applicant's account state: 'Maria Rossi: criada → verificada' (`nome`:
 * processo_comum.js nomeRequerente, as every line names an applicant).
 */
function notaEstadoConta(nome, antes, estado) {
  return nome + ': ' + (antes || '—') + ' → ' + estado;
}

/** Why what staff ask the customer for is refused, field by field ({} when it is not): one of PEDIDOS. */
function errosDoPedido(tipo) {
  return PEDIDOS.indexOf(tipo) < 0 ? { tipo: { code: 'validation_invalid_tipo', message: MSG.tipo } } : {};
}

/** Why staff's state of an applicant's Prenot@mi account is refused, field by field: one of ESTADOS_CONTA. */
function errosDoEstadoConta(estado) {
  return ESTADOS_CONTA.indexOf(estado) < 0
    ? { estado: { code: 'validation_invalid_estado', message: MSG.estado } }
    : {};
}

/**
 * Why staff's attempt is refused, field by field ({} when it is not): 'outro' needs a note saying what; a wrong or
 * expired code ('codigo_errado', which the guarantee reads as a code still owed: garantia_comum.js) needs a code the
 * customer handed over since it was last asked for. `atendimento`: the booking's handling ({ pedido_em,
 * entregue_em }) or null.
 */
function errosDaTentativa(resultado, nota, atendimento) {
  if (resultado === 'outro' && !String(nota || '').trim()) {
    return { nota: { code: 'validation_required', message: MSG.notaOutro } };
  }
  if (resultado === 'codigo_errado') {
    const entregue = msDe(atendimento && atendimento.entregue_em);
    if (!entregue || entregue < msDe(atendimento.pedido_em)) {
      return { resultado: { code: 'validation_invalid_resultado', message: MSG.semCodigoEntregue } };
    }
  }
  return {};
}

/**
 * An appointment's applicants that are not its booking's (`doAgendamento`: the booking's applicants' ids): one
 * field error, or none. PocketBase's relation only checks that each applicant exists; another family's applicant
 * would be listed, by name, in this customer's appointment e-mail.
 */
function errosDosRequerentes(enviados, doAgendamento) {
  const fora = enviados.filter((id) => doAgendamento.indexOf(id) < 0);
  return fora.length > 0
    ? { requerentes: { code: 'validation_invalid_value', message: MSG.requerenteDeOutro } }
    : {};
}

/**
 * Why staff's appointment is refused, field by field ({} when it is not): its applicants are its booking's
 * (errosDosRequerentes) and its day, set or changed, is not past (recusaDaData). `c`: { requerentes (sent),
 * doAgendamento (the booking's applicants' ids), dataAntes ('' for a new one), data, hoje (São Paulo's day) }.
 */
function errosDoCompromisso(c) {
  const erros = errosDosRequerentes(c.requerentes, c.doAgendamento);
  const data = recusaDaData(c.dataAntes, c.data, c.hoje);
  if (data) erros.data = data;
  return erros;
}

/** Why an appointment's write is refused ('' when it is not): it sets a field only the server writes. */
function recusaDoCompromisso(camposEnviados) {
  const campo = CAMPOS_DO_SERVIDOR.filter((c) => camposEnviados.indexOf(c) >= 0)[0];
  return campo ? 'Campo não permitido: ' + campo + '.' : '';
}

/**
 * Why an appointment's day is refused, as {code, message}, or null: one set or changed (`depois` differs from
 * `antes`, by day) to a day before `hoje` (São Paulo's, 'YYYY-MM-DD'). Days as stored ('YYYY-MM-DD', or PocketBase's
 * date 'YYYY-MM-DD 00:00:00.000Z'); '' is no day. A day kept as it was stays, past or not: an old booking or
 * appointment re-saved for another field.
 */
function recusaDaData(antes, depois, hoje) {
  const dia = (valor) => String(valor || '').slice(0, 10);
  const novo = dia(depois);
  if (novo === '' || novo === dia(antes) || novo >= hoje) return null;
  return { code: 'validation_past_date', message: MSG.dataPassada };
}

/** A JSON field's stored text read back: the value, or null where it is not JSON. */
function lerJson(texto) {
  try {
    return JSON.parse(texto || 'null');
  } catch (_) {
    return null;
  }
}

/**
 * Why staff's edit of a consulate is refused, every field at once ({} when it is not), each as {code, message}:
 * the code never changes, the windows are a list janelas.js accepts, the time zone one it knows. `corpo`: the
 * body sent; `codigo`: the stored code; `depois`: the record with the body applied ({ janelas: the JSON field's
 * text, fuso }), checked by janelas.js (validarJanelas, deslocamento).
 */
function errosDoConsulado(corpo, codigo, depois) {
  const erros = {};
  if (corpo.codigo !== undefined && String(corpo.codigo) !== codigo) {
    erros.codigo = { code: 'validation_forbidden', message: MSG.consuladoCodigo };
  }
  const motivo = corpo.janelas === undefined ? '' : janelas.validarJanelas(lerJson(depois.janelas));
  if (motivo) erros.janelas = { code: 'validation_invalid_janelas', message: motivo };
  if (corpo.fuso !== undefined && janelas.deslocamento(depois.fuso) === null) {
    erros.fuso = { code: 'validation_invalid_fuso', message: MSG.fuso };
  }
  return erros;
}

/**
 * Why an applicant's Prenot@mi e-mail or mobile (already normalized: lower case, digits) is refused, as
 * {code, message}, or null. `empresa` is the company's list for that field, `deOutro(valor)` whether another
 * applicant of the same customer has it (never another customer's: the answer would tell whether some other family
 * uses it), `celularOk`/`celularInvalido` the kit's mobile check and its message.
 */
function recusaContato(campo, valor, empresa, deOutro, celularOk, celularInvalido) {
  if (valor === '') return null;
  const email = campo === 'prenotami_email';
  if (email ? !EMAIL.test(valor) : !celularOk) {
    return email
      ? { code: 'validation_invalid_email', message: MSG.emailInvalido }
      : { code: 'validation_invalid_celular', message: celularInvalido };
  }
  // An e-mail by its mailbox (processo_comum.js caixaPostal): 'Admin+x@empresa.com.br' reaches admin@empresa.com.br.
  const daEmpresa = email
    ? empresa.some((e) => caixaPostal(e) === caixaPostal(valor))
    : empresa.indexOf(valor) >= 0;
  if (daEmpresa) return { code: 'validation_company_contact', message: MSG.emailEmpresa };
  if (deOutro(valor)) {
    return { code: 'validation_other_applicant', message: email ? MSG.emailOutro : MSG.celularOutro };
  }
  return null;
}

/**
 * The applicant's Prenot@mi contacts as the owner sends them (`corpo`): what each contact sent is stored as
 * (`valores`: the e-mail trimmed in lower case, the mobile as digits) and why the body is refused (`erros`, field by
 * field, {} when it is not): the account's state is staff's (their own route), then each contact as recusaContato
 * says. `p`: { empresa(): the company's { emails, celulares } (asked only when a contact is sent),
 * deOutro(campo, valor): another applicant of the same customer has it }; the mobile's digits, check and message are comum.js's and
 * mensagens.json's unless `p` gives its own (digitos, celularValido, celularInvalido).
 */
function contatosDoPrenotami(corpo, p) {
  const digitos = p.digitos || comum.digitos;
  const celularValido = p.celularValido || comum.celularValido;
  const erros = {};
  const valores = {};
  if (corpo.prenotami_estado !== undefined) {
    erros.prenotami_estado = { code: 'validation_forbidden', message: MSG.estadoEquipe };
  }
  const enviados = ['prenotami_email', 'prenotami_celular'].filter((c) => corpo[c] !== undefined);
  const empresa = enviados.length > 0 ? p.empresa() : null;
  enviados.forEach((campo) => {
    const texto = String(corpo[campo] || '');
    const email = campo === 'prenotami_email';
    const valor = email ? texto.trim().toLowerCase() : digitos(texto);
    valores[campo] = valor;
    const recusa = recusaContato(
      campo,
      valor,
      email ? empresa.emails : empresa.celulares,
      (v) => p.deOutro(campo, v),
      !email && celularValido(texto),
      p.celularInvalido || mensagens.celularInvalido,
    );
    if (recusa) erros[campo] = recusa;
  });
  return { valores: valores, erros: erros };
}

/** Earliest first: by day, then time ('YYYY-MM-DD', 'HH:mm'). */
function antes(a, b) {
  if (a.data !== b.data) return a.data < b.data ? -1 : 1;
  return a.hora < b.hora ? -1 : a.hora > b.hora ? 1 : 0;
}

/**
 * A booking's active appointments (none cancelled: by Flex or the consulate), earliest first. `compromissos`:
 * [{data, hora, cancelamento, ...}], or records read through `ler(compromisso, campo)` (the kit's getString).
 */
function ativos(compromissos, ler) {
  const valor = ler || ((c, campo) => String(c[campo] || ''));
  const chave = (c) => ({ data: valor(c, 'data'), hora: valor(c, 'hora') });
  return compromissos
    .filter((c) => valor(c, 'cancelamento') === '')
    .sort((a, b) => antes(chave(a), chave(b)));
}

/**
 * The booking's appointments ({requerentes, data, hora, ...}) sorted earliest first, and the earliest when every
 * applicant (ids) has one (the booking then becomes AGENDADO with it), else null.
 */
function cobertura(requerentes, compromissos) {
  const lista = compromissos.slice().sort(antes);
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
 * A booking's handling record as it is made, when first needed: at the booking's consulate (`consulado`: that
 * consulate's record id, '' when none), nobody on it, nothing asked, not ready.
 */
function atendimentoNovo(agendamento, consulado) {
  return {
    agendamento: agendamento,
    consulado: consulado,
    janela: '',
    aviso_em: '',
    responsavel: '',
    responsavel_nome: '',
    pronto: false,
    pronto_em: '',
    pedido: '',
    pedido_em: '',
    entregue_em: '',
    recusado_em: '',
  };
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
 * The fields that name the staff member on a case (who holds it, who tried), by collection: staff's to know, as the
 * export's 'Equipe' (conta_comum.js). The kit keeps them hidden (migration 1763920000_equipe_oculta.js) and shows them
 * to staff (lib/dia.js mostrarEquipe); the double answers anyone else with `semEquipe`.
 */
const CAMPOS_DA_EQUIPE = {
  atendimentos: ['responsavel', 'responsavel_nome'],
  tentativas_agendamento: ['autor', 'autor_nome'],
};

/** A record of `colecao` (a plain object) as a customer reads it: without CAMPOS_DA_EQUIPE. */
function semEquipe(colecao, registro) {
  const fora = CAMPOS_DA_EQUIPE[colecao] || [];
  const vista = {};
  Object.keys(registro).forEach((campo) => {
    if (fora.indexOf(campo) < 0) vista[campo] = registro[campo];
  });
  return vista;
}

/**
 * Whether writing `valores` on a case's handling leaves it held by nobody ('Soltar', or back to the ready list):
 * then what the customer relayed to its holder is deleted, and whoever takes the case next asks again.
 */
function semResponsavel(valores) {
  return Object.prototype.hasOwnProperty.call(valores, 'responsavel') && valores.responsavel === '';
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

/**
 * Why staff's "Consulado cancelou" is refused, as {status, message}, or null: staff only, then a booking that
 * exists, AGENDADO with an active appointment. `p`: { equipe, existe, status, ativos (how many) }.
 */
function recusaCancelamento(p) {
  if (!p.equipe) return { status: 403, message: MSG.apenasEquipe };
  if (!p.existe) return { status: 404, message: MSG.naoEncontrado };
  if (p.status !== 'AGENDADO' || !p.ativos) return { status: 400, message: MSG.semAtivo };
  return null;
}

/**
 * Whether the owner's "Estou pronto", said at `prontoEmMs`, still holds when the notice for the window starting at
 * `inicioMs` goes out: said within twice the notice's lead time before that window (the customer, on the page,
 * tapped it a moment before the notice), not for an earlier window.
 */
function prontoParaJanela(prontoEmMs, inicioMs, antecedenciaMs) {
  return prontoEmMs > 0 && prontoEmMs >= inicioMs - 2 * antecedenciaMs;
}

module.exports = {
  prontoParaJanela,
  MSG,
  VIDA_PADRAO_S,
  ativos,
  RESULTADOS,
  ESTADOS_CONTA,
  PEDIDOS,
  CAMPOS_CONSULADO,
  CAMPOS_DA_EQUIPE,
  semEquipe,
  motivoValor,
  completo,
  recusaDaRetransmissao,
  entrega,
  fimDaRetransmissao,
  notaRecebido,
  notaPedido,
  notaDoPasso,
  notaTentativa,
  tentativaNoAtendimento,
  estadoDoPedido,
  notaEstadoConta,
  errosDoPedido,
  errosDoEstadoConta,
  errosDaTentativa,
  recusaDoCompromisso,
  recusaDaData,
  errosDosRequerentes,
  errosDoCompromisso,
  lerJson,
  errosDoConsulado,
  recusaContato,
  contatosDoPrenotami,
  cobertura,
  localDe,
  atendimentoNovo,
  acaoDoAtendimento,
  semResponsavel,
  agendado,
  recusaCancelamento,
};
