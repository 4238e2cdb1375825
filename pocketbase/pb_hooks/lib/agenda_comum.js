// What staff may write on a booking, decided once: lib/agenda.js reads the request and the record into plain
// values and asks this module; the demo double runs lib/agenda.js itself (src/mocks/jsvm). CommonJS requiring
// the kit's JSON and booking day's rules (dia_comum.js; scripts/build/kit-module.ts serves both to the app).

const dia = require(`${__hooks}/lib/dia_comum.js`);
const mensagens = require(`${__hooks}/lib/processo_regras.json`).mensagens;

/**
 * The statuses and the refusals of an early ANALISE_OK or AGENDADO, as regras.json and processo_regras.json say
 * them.
 */
const REGRAS = {
  statusAgendamento: require(`${__hooks}/lib/regras.json`).statusAgendamento,
  analiseOkCedo: mensagens.analiseOkCedo,
  agendadoCedo: mensagens.agendadoCedo,
};

/**
 * Columns the server keeps on each booking, never from a staff request (refused by name): the search copy, the
 * case summary, Flex's use, the order it was bought with and its invoice's state (notas.js copies it from that
 * order), the retention clock and its end (processo.js: closing the booking starts it, the job deletes the files)
 * and the post-slot job's mark (pos_vaga.js), and the status's place in the list's order (status_ordem.js).
 */
const COLUNAS_DO_SERVIDOR = [
  'busca',
  'busca_cpf',
  'busca_email',
  'busca_celular',
  'consulado',
  'documentacao',
  'flex_usado_em',
  'flex_motivo',
  'pagamento',
  'nota_status',
  'encerrado_em',
  'arquivos_excluidos_em',
  'finalizado_auto_em',
  'status_ordem',
];

/** PocketBase's own columns: a request's value for them is never stored (no error either). */
const COLUNAS_DO_BANCO = ['id', 'created', 'updated'];

/**
 * What a staff save writes of the booking, given `campos`, the collection's fields (its schema): every one the
 * request may send, that is all but the server's columns (refused: errosDaAlteracao) and PocketBase's own.
 */
function camposDaEquipe(campos) {
  return campos.filter(
    (campo) => COLUNAS_DO_SERVIDOR.indexOf(campo) < 0 && COLUNAS_DO_BANCO.indexOf(campo) < 0,
  );
}

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;

const MSG = {
  proibido: 'Campo não permitido.',
  status: 'Status inválido.',
  hora: 'Hora inválida: use o formato HH:mm, como 09:30.',
};

const erro = (code, message) => ({ code: code, message: message });

/**
 * The field errors of a staff change, in PocketBase's 400 shape ({ campo: { code, message } }; {} when none).
 * `enviados`: the names of the fields the request sends; `antes` / `depois`: the booking's values before and
 * after the request (status_agendamento, hora_agendamento, data_agendamento); `caso`, the booking's case as the
 * adapter reads it, each asked only when needed: `hoje`, São Paulo's day ('YYYY-MM-DD'); `aprovado()` when the status
 * moves to ANALISE_OK (a booking without a case file counts as approved); `requerentes()` (their ids) and
 * `compromissos()` (the active appointments, { requerentes, data, hora }) when it moves to AGENDADO: a booking with
 * applicants is AGENDADO only once each has an appointment (dia_comum.js cobertura, as opening day's lib/dia.js
 * moves it), one without (from before the case file) keeps the editor's say. `R`: { statusAgendamento,
 * analiseOkCedo, agendadoCedo }, the kit's own (REGRAS) unless given.
 * A date set or changed is not in the past (dia_comum.js recusaDaData); one kept as it was stays.
 * A text past the schema's limit is comum.js errosDeTamanho's, which the adapters ask after this.
 * PocketBase has read the body's date into its own type before a hook sees it, so an unreadable date and a JSON null
 * (seed §7's 'no date') are the same empty date; the editor refuses one first.
 */
function errosDaAlteracao(enviados, antes, depois, caso, regras) {
  const R = regras || REGRAS;
  const envia = (campo) => enviados.indexOf(campo) >= 0;
  const erros = {};
  COLUNAS_DO_SERVIDOR.forEach((campo) => {
    if (envia(campo)) erros[campo] = erro('validation_forbidden', MSG.proibido);
  });
  const novo = String(depois.status_agendamento || '');
  const mudou = novo !== String(antes.status_agendamento || '');
  if (mudou && R.statusAgendamento.indexOf(novo) < 0) {
    erros.status_agendamento = erro('validation_invalid_status', MSG.status);
  } else if (mudou && novo === 'ANALISE_OK' && !caso.aprovado()) {
    erros.status_agendamento = erro('validation_case_not_approved', R.analiseOkCedo);
  } else if (mudou && novo === 'AGENDADO' && !cadaUmAgendado(caso.requerentes(), caso.compromissos)) {
    erros.status_agendamento = erro('validation_case_not_booked', R.agendadoCedo);
  }
  const hora = String(depois.hora_agendamento || '');
  if (envia('hora_agendamento') && hora !== '' && !HORA.test(hora)) {
    erros.hora_agendamento = erro('validation_invalid_hora', MSG.hora);
  }
  const data = envia('data_agendamento')
    ? dia.recusaDaData(antes.data_agendamento, depois.data_agendamento, caso.hoje)
    : null;
  if (data) erros.data_agendamento = data;
  return erros;
}

/** Every applicant has an active appointment (`compromissos()`, asked only then), or the booking has none. */
function cadaUmAgendado(requerentes, compromissos) {
  return requerentes.length === 0 || dia.cobertura(requerentes, compromissos()).primeiro !== null;
}

/** The `updated` an editor's copy was read at, from its If-Match header ('"…"'); '' when it sends none. */
function versaoEsperada(cabecalho) {
  return String(cabecalho || '')
    .trim()
    .replace(/^"(.*)"$/, '$1');
}

module.exports = { COLUNAS_DO_SERVIDOR, COLUNAS_DO_BANCO, camposDaEquipe, errosDaAlteracao, versaoEsperada };
