// The published wait (issue #28, item 5) on the server: the status history read from `historico_agendamentos`
// (each change's `alteracoes`, [{campo, de, para}]), handed to the shared rules of lib/espera.js.
//   GET  /api/espera                     anyone: the figures per consulate, as the cron keeps them, no personal data
//   GET  /api/agendamentos/{id}/espera   the booking's owner: their consulate's figures and their place in the queue
//   GET  /api/espera/equipe              staff: the same figures and, per consulate, the cases waiting longest
//   POST /api/espera/recalcular          superusers: computes the published figures now

const espera = require(`${__hooks}/lib/espera.js`);
const REGRAS = require(`${__hooks}/lib/processo_regras.json`);

const CACHE_MINUTOS = espera.CACHE_MINUTOS;
const CHAVE = 'espera.resumo';
const MSG = require(`${__hooks}/lib/dia_comum.js`).MSG;

function consulados() {
  return espera.consulados(REGRAS);
}

/** Every status change since espera.historicoDesde, with its booking's consulate. */
function eventos(app, agoraMs) {
  const linhas = arrayOf(new DynamicModel({ agendamento: '', consulado: '', para: '', em: '' }));
  app
    .db()
    .newQuery(
      'SELECT h.agendamento AS agendamento, a.consulado AS consulado, ' +
        "COALESCE(json_extract(j.value, '$.para'), '') AS para, h.created AS em " +
        'FROM historico_agendamentos h JOIN agendamentos a ON a.id = h.agendamento, json_each(h.alteracoes) j ' +
        "WHERE h.created >= {:desde} AND json_extract(j.value, '$.campo') = 'status_agendamento'",
    )
    .bind({ desde: espera.historicoDesde(agoraMs) })
    .all(linhas);
  const saida = [];
  for (let i = 0; i < linhas.length; i++) {
    saida.push({
      agendamento: linhas[i].agendamento,
      consulado: linhas[i].consulado,
      para: linhas[i].para,
      em: linhas[i].em,
    });
  }
  return saida;
}

/**
 * This module's two queries (eventos, prontos), read through its require: the demo double serves them from its rows
 * (src/mocks/jsvm/sql.ts) and runs the rest of this module as it is.
 */
function consultas() {
  return require(`${__hooks}/lib/espera_servidor.js`);
}

/** The figures computed now. */
function calcular(app) {
  const agora = Date.now();
  return espera.resumo(consultas().eventos(app, agora), agora, consulados());
}

/** Computes the figures now and keeps them (the cron every CACHE_MINUTOS, and POST /api/espera/recalcular). */
function guardar(app) {
  const resumo = calcular(app);
  app.store().set(CHAVE, { em: Date.now(), resumo: resumo });
  return resumo;
}

/**
 * The published figures as kept (the cron refreshes them every CACHE_MINUTOS, off the requests' path: the
 * history is read whole); computed here only when none are kept or they are older than twice that (a stopped
 * cron).
 */
function publicado(app) {
  const guardado = app.store().get(CHAVE);
  if (guardado && Date.now() - guardado.em < 2 * CACHE_MINUTOS * 60000) return guardado.resumo;
  return guardar(app);
}

/**
 * The ready cases of a consulate, [{id, prontoEm, nome}]: when each last reached ANALISE_OK (its history; the
 * booking's last change for one without), and its owner's name (for staff only).
 */
function prontos(app, consulado) {
  const linhas = arrayOf(new DynamicModel({ id: '', prontoEm: '', nome: '' }));
  app
    .db()
    .newQuery(
      "SELECT a.id AS id, COALESCE(u.nome_completo, '') AS nome, COALESCE((SELECT MAX(h.created) FROM historico_agendamentos h, " +
        "json_each(h.alteracoes) j WHERE h.agendamento = a.id AND json_extract(j.value, '$.campo') = " +
        "'status_agendamento' AND json_extract(j.value, '$.para') = 'ANALISE_OK'), a.updated) AS prontoEm " +
        'FROM agendamentos a LEFT JOIN usuarios u ON u.id = a.usuario ' +
        "WHERE a.status_agendamento = 'ANALISE_OK' AND a.consulado = {:c}",
    )
    .bind({ c: consulado })
    .all(linhas);
  const saida = [];
  for (let i = 0; i < linhas.length; i++) {
    saida.push({ id: linhas[i].id, prontoEm: linhas[i].prontoEm, nome: linhas[i].nome });
  }
  return saida;
}

function ehEquipe(e) {
  return !!e.auth && e.auth.collection().name === 'usuarios' && e.auth.getBool('admin');
}

/** GET /api/espera */
function servirPublico(e) {
  e.response.header().set('Cache-Control', 'public, max-age=' + CACHE_MINUTOS * 60);
  return e.json(200, publicado(e.app));
}

/**
 * GET /api/agendamentos/{id}/espera: for the owner only, {consulado, antes, frase}: their consulate's published
 * figures (null when the case has none yet or several), and, while the case is ready (ANALISE_OK), how many ready
 * cases of that consulate are ahead of theirs (null otherwise). Anyone else: 404, as for a booking that is not.
 */
function servirDoCliente(e) {
  const id = e.request.pathValue('id');
  let agendamento = null;
  try {
    agendamento = e.app.findRecordById('agendamentos', id);
  } catch (_) {
    agendamento = null;
  }
  if (!agendamento || agendamento.getString('usuario') !== e.auth.id)
    throw new NotFoundError(MSG.naoEncontrado);
  const codigo = agendamento.getString('consulado');
  return e.json(
    200,
    espera.esperaDoCliente(
      publicado(e.app),
      codigo,
      agendamento.getString('status_agendamento'),
      () => consultas().prontos(e.app, codigo),
      id,
    ),
  );
}

/** GET /api/espera/equipe: staff only; the figures computed now, and each consulate's longest waits. */
function servirEquipe(e) {
  if (!ehEquipe(e)) throw new ForbiddenError(MSG.soEquipe);
  return e.json(
    200,
    espera.esperaDaEquipe(publicado(e.app), (codigo) => consultas().prontos(e.app, codigo), Date.now()),
  );
}

/** POST /api/espera/recalcular: the published figures, computed now. */
function recalcular(e) {
  return e.json(200, guardar(e.app));
}

module.exports = {
  guardar,
  CACHE_MINUTOS,
  calcular,
  publicado,
  eventos,
  prontos,
  servirPublico,
  servirDoCliente,
  servirEquipe,
  recalcular,
};
