// The guarantee (issue #29 item 4), written once for both runtimes like janelas.js (CommonJS, requires nothing):
// the kit (lib/garantia.js: each attempt marked when staff record it, the refund by cron), the app (tracking, the
// terms page) and the demo double read the same functions and texts.
//
// The promise: a case ready to book (ANALISE_OK) that is not booked after N release windows of its consulate in
// which we tried is refunded in full. A window counts when staff recorded at least one attempt in it and none
// while the customer owed something (a correction, a document, or the code or password staff asked for).

/**
 * What an attempt recorded now means: 'correcao' (the case is in ANALISE_ERRO), 'fora' (not ready to book, no
 * known window, or the guarantee is off), 'documentos' (a document pending or refused), 'codigo' (staff asked
 * for the code or password and the customer has not handed it over since, or the attempt ended on a wrong or
 * expired code: a code handed over that opens nothing is still owed), else 'conta'.
 * `pedidoEmMs` / `entregueEmMs`: when it was asked and when the customer last finished one (0: never).
 */
function classificar(caso) {
  if (!caso.ativa) return 'fora';
  if (caso.status === 'ANALISE_ERRO') return 'correcao';
  if (caso.status !== 'ANALISE_OK' || !caso.janelaMs) return 'fora';
  if (caso.documentosPendentes) return 'documentos';
  if (caso.resultado === RESULTADO_DO_CLIENTE) return 'codigo';
  if (caso.pedido && !(caso.entregueEmMs >= caso.pedidoEmMs)) return 'codigo';
  return 'conta';
}

/** The attempt's result (dia_comum.js RESULTADOS) that says the customer's code was wrong or expired. */
const RESULTADO_DO_CLIENTE = 'codigo_errado';

/** A document in these states is owed by the customer: an attempt then counts for nothing ('documentos'). */
const DOCUMENTOS_PENDENTES = ['pendente', 'recusado'];

/** Epoch ms of a stored date ('2026-11-27 10:00:00.000Z'), 0 for none. */
function msDe(data) {
  const t = Date.parse(String(data || '').replace(' ', 'T'));
  return isNaN(t) ? 0 : t;
}

/**
 * A new attempt's marks, from the case as it is when staff record it: `janela` (the start of the consulate's
 * window running, as stored: '' when none is known) and `garantia` (classificar). `caso`: { ativa, status,
 * janelaMs, resultado: the attempt's own, documentos: the booking's documents' states, atendimento: { pedido,
 * pedido_em, entregue_em } or null }.
 */
function marcasDaTentativa(caso) {
  const atendimento = caso.atendimento || { pedido: '', pedido_em: '', entregue_em: '' };
  return {
    janela: caso.janelaMs ? new Date(caso.janelaMs).toISOString().replace('T', ' ') : '',
    garantia: classificar({
      ativa: caso.ativa,
      status: caso.status,
      janelaMs: caso.janelaMs,
      resultado: caso.resultado || '',
      documentosPendentes: caso.documentos.some((d) => DOCUMENTOS_PENDENTES.indexOf(d) >= 0),
      pedido: atendimento.pedido || '',
      pedidoEmMs: msDe(atendimento.pedido_em),
      entregueEmMs: msDe(atendimento.entregue_em),
    }),
  };
}

/**
 * When the case last went back to the ready list after being booked (the latest cancellation of one of its
 * appointments, by the customer's Flex or by the consulate): epoch ms, 0 when never. `compromissos`: [{cancelado_em}].
 */
function voltaDe(compromissos) {
  return (compromissos || []).reduce((maior, c) => Math.max(maior, msDe(c.cancelado_em)), 0);
}

/**
 * The guarantee's count for a booking: `n` windows promised; `tentativas` [{janelaMs, garantia, criadoMs}];
 * `atualMs` the start of the consulate's window running now (a window is over once a later one has started; null
 * when the consulate has none known: every window recorded is over); `voltaMs` (voltaDe) when the case went back
 * to the ready list after a booking: the promise was kept by that booking, so only the attempts recorded after it
 * count (otherwise a customer booked in the Nth window who asks Flex for a new date would be refunded in full at
 * once). Returns {contadas, restantes, vencida}: vencida when `n` counted windows are over, so the refund is due.
 */
function avaliar(n, tentativas, atualMs, voltaMs) {
  const janelas = {};
  (tentativas || []).forEach((t) => {
    if (!t.janelaMs || t.garantia === 'fora' || !t.garantia) return;
    if (voltaMs && !(t.criadoMs > voltaMs)) return;
    const chave = String(t.janelaMs);
    if (t.garantia !== 'conta') janelas[chave] = false;
    else if (janelas[chave] === undefined) janelas[chave] = true;
  });
  let contadas = 0;
  let encerradas = 0;
  Object.keys(janelas).forEach((chave) => {
    if (!janelas[chave]) return;
    contadas++;
    if (atualMs === null || atualMs === undefined || Number(chave) < atualMs) encerradas++;
  });
  return { contadas: contadas, restantes: Math.max(0, n - contadas), vencida: n > 0 && encerradas >= n };
}

function janelasTexto(n) {
  return n === 1 ? '1 janela' : n + ' janelas';
}

/** The terms' paragraph (shown only while the guarantee is on). */
function termos(n) {
  return (
    'Se o seu caso estiver pronto para agendar (documentação aprovada) e não ' +
    'conseguirmos o agendamento depois de ' +
    janelasTexto(n) +
    ' de liberação de vagas do seu consulado em que tentamos, devolvemos automaticamente o valor integral ' +
    'pago, pela mesma forma de pagamento, e encerramos o agendamento. Não contam as janelas em que havia ' +
    'alguma pendência sua: documentos a enviar ou corrigir, ou o código (ou a senha) do Prenot@mi que ' +
    'pedimos e não foi informado, ou foi informado errado ou fora do prazo.'
  );
}

/** Tracking's line for a case ready to book. */
function andamento(n, restantes) {
  if (restantes <= 0) {
    return (
      'Garantia: já tentamos em ' +
      janelasTexto(n) +
      ' de liberação de vagas. Se não conseguirmos agendar até o início da próxima janela, devolvemos ' +
      'o valor integral automaticamente.'
    );
  }
  return (
    'Garantia: faltam ' +
    janelasTexto(restantes) +
    ' de liberação de vagas, das ' +
    n +
    ' da garantia. Se não conseguirmos agendar nelas, devolvemos o valor integral automaticamente.'
  );
}

const MSG = {
  historico:
    'Garantia: {n} de liberação de vagas tentadas sem agendamento. Estorno integral de {valor} ' +
    'solicitado ao Asaas e agendamento encerrado.',
  assunto: 'Garantia: devolvemos o valor integral - Passaporte Italiano',
  descricaoAsaas: 'Garantia de agendamento: {n} de liberação de vagas sem agendamento',
};

module.exports = {
  classificar,
  marcasDaTentativa,
  msDe,
  voltaDe,
  avaliar,
  janelasTexto,
  termos,
  andamento,
  MSG,
};
