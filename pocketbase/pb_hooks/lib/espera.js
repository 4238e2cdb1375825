// An honest wait (issue #28, item 5), written once for both runtimes like janelas.js (CommonJS, requires
// only prazo.js): the kit (lib/espera_servidor.js) and the demo double (src/mocks/espera.ts) run these same functions
// over the bookings' status history, and the app uses its sentences.
//
// A wait is one pair in a booking's history: the last time it reached ANALISE_OK (ready: documents validated)
// before it reached AGENDADO (booked). Any other status in between ends the readiness (e.g. ANALISE_ERRO: the
// case was not ready after all); a Flex re-booking that goes back to ANALISE_OK starts a new wait. Days are São
// Paulo calendar days (prazo.js). Only the waits booked in the last JANELA_DIAS
// days count; figures are published per consulate only from MINIMO_CASOS waits on.

const JANELA_DIAS = 180;
const MINIMO_CASOS = 5;
const DIA_MS = 86400000;
const FUSO_MS = require(`${__hooks}/lib/prazo.js`).FUSO_MS;
const PRONTO = 'ANALISE_OK';
const AGENDADO = 'AGENDADO';
const POUCOS_DADOS = 'poucos dados ainda';
/** How many of the cases waiting longest the staff's screen shows per consulate. */
const MAIS_ANTIGOS = 5;
/** A wait counts when it was booked in the window; its readiness may be older, up to a year before that. */
const HISTORICO_DIAS = JANELA_DIAS + 365;

/** A stored date ('2026-05-01 12:00:00.000Z' or ISO) in milliseconds; NaN when it is none. */
function ms(data) {
  return Date.parse(String(data || '').replace(' ', 'T'));
}

/** The São Paulo calendar day number of an instant. */
function diaSP(instante) {
  return Math.floor((instante - FUSO_MS) / DIA_MS);
}

/** 'AAAA-MM' of an instant in São Paulo. */
function mesSP(instante) {
  return new Date(instante - FUSO_MS).toISOString().slice(0, 7);
}

/** The median of sorted numbers (the mean of the two middle ones for an even count); null for none. */
function mediana(ordenados) {
  const n = ordenados.length;
  if (n === 0) return null;
  const meio = Math.floor(n / 2);
  return n % 2 === 1 ? ordenados[meio] : (ordenados[meio - 1] + ordenados[meio]) / 2;
}

/** The 80th percentile of sorted numbers by nearest rank (the smallest value with 80% at or under it). */
function p80(ordenados) {
  const n = ordenados.length;
  return n === 0 ? null : ordenados[Math.ceil(0.8 * n) - 1];
}

/**
 * Every wait booked in the window ending at `agoraMs`: [{agendamento, consulado, dias, agendadoEm}].
 * `eventos`: the status changes [{agendamento, consulado, para, em}] (`para` the status reached, `em` when),
 * in any order; `consulado` is the booking's.
 */
function esperas(eventos, agoraMs) {
  const desde = agoraMs - JANELA_DIAS * DIA_MS;
  const porCaso = {};
  eventos.forEach((ev) => {
    (porCaso[ev.agendamento] = porCaso[ev.agendamento] || []).push(ev);
  });
  const saida = [];
  Object.keys(porCaso).forEach((id) => {
    const lista = porCaso[id].slice().sort((a, b) => ms(a.em) - ms(b.em));
    let pronto = null;
    lista.forEach((ev) => {
      const quando = ms(ev.em);
      if (ev.para === PRONTO) pronto = quando;
      else if (ev.para === AGENDADO && pronto !== null) {
        if (quando >= desde && quando <= agoraMs) {
          saida.push({
            agendamento: id,
            consulado: ev.consulado,
            dias: diaSP(quando) - diaSP(pronto),
            agendadoEm: quando,
          });
        }
        pronto = null;
      } else pronto = null;
    });
  });
  return saida;
}

/** The months ('AAAA-MM') the window ending at `agoraMs` touches, oldest first. */
function mesesDaJanela(agoraMs) {
  const meses = [];
  let d = new Date(agoraMs - JANELA_DIAS * DIA_MS - FUSO_MS);
  d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  const fim = mesSP(agoraMs);
  for (;;) {
    const mes = d.toISOString().slice(0, 7);
    meses.push(mes);
    if (mes >= fim) return meses;
    d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  }
}

/** The figures of one list of waits: {casos, mediana, p80} (sorted copy). */
function numeros(lista) {
  const dias = lista.map((e) => e.dias).sort((a, b) => a - b);
  return { casos: dias.length, mediana: mediana(dias), p80: p80(dias) };
}

/**
 * What is published (GET /api/espera), with no personal data: per consulate of `consulados` ([{codigo, nome}],
 * in that order) the waits' count, median and 80th percentile in days, and month by month (the month the case
 * was booked) the count and median. Under MINIMO_CASOS waits a consulate's figures are null, `poucosDados` true
 * and no month is given.
 */
function resumo(eventos, agoraMs, consulados) {
  const todas = esperas(eventos, agoraMs);
  const meses = mesesDaJanela(agoraMs);
  return {
    geradoEm: new Date(agoraMs).toISOString(),
    janelaDias: JANELA_DIAS,
    minimoCasos: MINIMO_CASOS,
    consulados: consulados.map((c) => {
      const deste = todas.filter((e) => e.consulado === c.codigo);
      const total = numeros(deste);
      const poucos = total.casos < MINIMO_CASOS;
      return {
        codigo: c.codigo,
        nome: c.nome,
        casos: total.casos,
        mediana: poucos ? null : total.mediana,
        p80: poucos ? null : total.p80,
        poucosDados: poucos,
        meses: poucos
          ? []
          : meses.map((mes) => {
              const n = numeros(deste.filter((e) => mesSP(e.agendadoEm) === mes));
              return { mes: mes, casos: n.casos, mediana: n.mediana };
            }),
      };
    }),
  };
}

/**
 * The ready cases of one consulate in queue order: [{id, prontoEm}] sorted by when each became ready (then by
 * id, so the order is total).
 */
function ordemDaFila(prontos) {
  return prontos
    .slice()
    .sort((a, b) => ms(a.prontoEm) - ms(b.prontoEm) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** How many ready cases are ahead of `id` in its consulate's queue; null when `id` is not in it. */
function antesDe(prontos, id) {
  const fila = ordemDaFila(prontos);
  for (let i = 0; i < fila.length; i++) if (fila[i].id === id) return i;
  return null;
}

/** The `n` cases waiting longest, with their days ready so far: [{id, prontoEm, dias}]. */
function maisAntigos(prontos, agoraMs, n) {
  return ordemDaFila(prontos)
    .slice(0, n)
    .map((p) => ({ id: p.id, prontoEm: p.prontoEm, dias: diaSP(agoraMs) - diaSP(ms(p.prontoEm)) }));
}

/** 'há 3 processos prontos antes do seu' (the tracking page's sentence). */
function fraseFila(antes) {
  if (antes === 0) return 'Nenhum processo pronto antes do seu: o seu é o próximo.';
  return antes === 1
    ? 'Há 1 processo pronto antes do seu.'
    : 'Há ' + antes + ' processos prontos antes do seu.';
}

/**
 * GET /api/agendamentos/{id}/espera's answer to the booking's owner, {consulado, antes, frase}: their consulate's
 * published figures (`resumo`, as resumo() makes them; null when it has none), and, while the case is ready
 * (`status` ANALISE_OK) and its consulate has figures, how many ready cases are ahead of it (`prontos()`: that
 * consulate's ready cases, [{id, prontoEm}], read only then), with the sentence; null otherwise.
 */
function esperaDoCliente(resumoPublicado, codigo, status, prontos, id) {
  const figuras = resumoPublicado.consulados.filter((c) => c.codigo === codigo)[0] || null;
  const antes = figuras && status === PRONTO ? antesDe(prontos(), id) : null;
  return { consulado: figuras, antes: antes, frase: antes === null ? null : fraseFila(antes) };
}

/**
 * GET /api/espera/equipe's answer, {resumo, filas}: the published figures and, per consulate, how many cases are
 * ready and the MAIS_ANTIGOS waiting longest, each with its owner's name. `prontosDe(codigo)`: that consulate's
 * ready cases, [{id, prontoEm, nome}].
 */
function esperaDaEquipe(resumoPublicado, prontosDe, agoraMs) {
  return {
    resumo: resumoPublicado,
    filas: resumoPublicado.consulados.map((c) => {
      const lista = prontosDe(c.codigo);
      const nomes = {};
      lista.forEach((p) => (nomes[p.id] = p.nome));
      return {
        codigo: c.codigo,
        prontos: lista.length,
        maisAntigos: maisAntigos(lista, agoraMs, MAIS_ANTIGOS).map((p) => ({
          id: p.id,
          nome: nomes[p.id],
          prontoEm: p.prontoEm,
          dias: p.dias,
        })),
      };
    }),
  };
}

/** '12 dias', '1 dia', '12,5 dias'. */
function dias(n) {
  return String(n).replace('.', ',') + (n === 1 ? ' dia' : ' dias');
}

/** 'jun/2026' for '2026-06'. */
function mesCurto(mes) {
  const nomes = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
  return nomes[Number(mes.slice(5, 7)) - 1] + '/' + mes.slice(0, 4);
}

/** One consulate's figures in a sentence, without its name (under its heading). */
function fraseNumeros(c) {
  const casos = c.casos + (c.casos === 1 ? ' caso' : ' casos');
  if (c.poucosDados) return 'Poucos dados ainda (' + casos + ').';
  return (
    'Metade dos casos foi agendada em até ' +
    dias(c.mediana) +
    ' e 8 em cada 10 em até ' +
    dias(c.p80) +
    ' (' +
    casos +
    ').'
  );
}

/** One consulate's figures in a sentence: 'Recife: poucos dados ainda (4 casos).' */
function fraseConsulado(c) {
  const numeros = fraseNumeros(c);
  return c.nome + ': ' + numeros.charAt(0).toLowerCase() + numeros.slice(1);
}

/** The consulates as the case file's rules list them (processo_regras.json `consulados`): [{ codigo, nome }]. */
function consulados(REGRAS) {
  return Object.keys(REGRAS.consulados).map((codigo) => ({
    codigo: codigo,
    nome: REGRAS.consulados[codigo].nome,
  }));
}

/** The oldest status change the figures read (PocketBase's stored form): HISTORICO_DIAS before `agoraMs`. */
function historicoDesde(agoraMs) {
  return new Date(agoraMs - HISTORICO_DIAS * DIA_MS).toISOString().replace('T', ' ');
}

/**
 * The status changes the figures read, [{agendamento, consulado, para, em}]: every change of
 * `status_agendamento` recorded since historicoDesde(agoraMs), of a booking that exists, with that booking's
 * consulate. `historico`: the history entries ({agendamento, created, alteracoes: [{campo, para}]});
 * `consuladoDe(id)`: a booking's consulate, null for no such booking. The kit reads the same rows in SQL
 * (espera_servidor.js eventos, over the whole history); this is its twin, for the double, and
 * tests/server/espera-propriedade.test.ts holds the two equal.
 */
function eventosDe(historico, consuladoDe, agoraMs) {
  const desde = historicoDesde(agoraMs);
  const saida = [];
  historico.forEach((h) => {
    if (!(h.created >= desde)) return;
    const consulado = consuladoDe(h.agendamento);
    if (consulado === null) return;
    (h.alteracoes || []).forEach((a) => {
      if (a.campo !== 'status_agendamento') return;
      const para = a.para === undefined || a.para === null ? '' : String(a.para);
      saida.push({ agendamento: h.agendamento, consulado: consulado, para: para, em: h.created });
    });
  });
  return saida;
}

/**
 * The ready cases of the consulate `codigo`, [{id, prontoEm}]: each booking at ANALISE_OK whose consulate it is,
 * ready since the last history entry that records it reaching ANALISE_OK, else since its last change (`updated`).
 * `agendamentos`: {id, status_agendamento, consulado, updated}; `historico` as eventosDe's. The kit's SQL is
 * espera_servidor.js prontos; this is its twin, held equal to it as eventosDe is.
 */
function prontosDe(agendamentos, historico, codigo) {
  return agendamentos
    .filter((a) => a.status_agendamento === PRONTO && a.consulado === codigo)
    .map((a) => {
      let pronto = null;
      historico.forEach((h) => {
        if (h.agendamento !== a.id || (pronto !== null && !(h.created > pronto))) return;
        const chegou = (h.alteracoes || []).some(
          (x) => x.campo === 'status_agendamento' && x.para === PRONTO,
        );
        if (chegou) pronto = h.created;
      });
      return { id: a.id, prontoEm: pronto === null ? a.updated : pronto };
    });
}

/** How long the published figures are kept and cached by browsers, in minutes (lib/espera_servidor.js). */
const CACHE_MINUTOS = 10;

module.exports = {
  CACHE_MINUTOS,
  JANELA_DIAS,
  MAIS_ANTIGOS,
  HISTORICO_DIAS,
  consulados,
  historicoDesde,
  eventosDe,
  prontosDe,
  MINIMO_CASOS,
  POUCOS_DADOS,
  diaSP,
  mediana,
  p80,
  esperas,
  mesesDaJanela,
  resumo,
  antesDe,
  maisAntigos,
  fraseFila,
  esperaDoCliente,
  esperaDaEquipe,
  dias,
  mesCurto,
  fraseNumeros,
  fraseConsulado,
};
