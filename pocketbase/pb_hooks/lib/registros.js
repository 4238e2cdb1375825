// Small helpers over PocketBase's record API (and its app store: daVez).

const comum = require(`${__hooks}/lib/comum.js`);

/** The first record matching the filter, or null (PocketBase throws when there is none). */
function achar(app, colecao, filtro, params) {
  try {
    return app.findFirstRecordByFilter(colecao, filtro, params || {});
  } catch (_) {
    return null;
  }
}

function novo(app, colecao, valores) {
  const registro = new Record(app.findCollectionByNameOrId(colecao));
  registro.load(valores);
  return registro;
}

/** True when PocketBase refused a save because a unique index already holds the value. */
function violaUnicidade(err) {
  // A unique index refuses either in validation ("x: Value must be unique.") or in SQLite itself.
  return /must be unique|UNIQUE constraint failed|validation_not_unique/.test(String(err));
}

/**
 * Reads a record afresh and saves what `mudar(registro, tx)` sets on it, in one transaction. A record read before a
 * call to Asaas is stale after it (the webhook may have moved its status meanwhile) and a save writes every field:
 * this is how such a record is updated. Returns the saved record.
 */
function atualizar(app, colecao, id, mudar) {
  let salvo = null;
  app.runInTransaction((tx) => {
    const registro = tx.findRecordById(colecao, id);
    mudar(registro, tx);
    tx.save(registro);
    salvo = registro;
  });
  return salvo;
}

/**
 * A record's text fields past their limit (comum.js errosDeTamanho), added to `erros`: the limits read from the
 * record's collection as PocketBase holds it (the schema the migrations made).
 */
function errosDeTamanho(registro, erros) {
  const campos = registro.collection().fields;
  const maximos = comum.maximosDeTexto(
    campos.map((f) => ({ name: f.getName(), type: f.type(), max: f.max, system: f.getSystem() })),
  );
  const valores = {};
  Object.keys(maximos).forEach((campo) => (valores[campo] = registro.getString(campo)));
  return comum.errosDeTamanho(valores, maximos, erros);
}

/**
 * Whether the thing `chave` names ('processo_alerta:<booking>', 'conciliacao:<charge>') may be done now, at most
 * once every `intervaloMs` (comum.js vezLiberada), noted as done when it may. Kept in the app's memory store,
 * shared by every request (a restart may let one more through); setFunc checks and marks under one lock, so a
 * burst of concurrent calls lets one through.
 */
function daVez(app, chave, intervaloMs) {
  const agora = Date.now();
  let liberado = false;
  app.store().setFunc(chave, (anterior) => {
    if (!comum.vezLiberada(Number(anterior || 0), agora, intervaloMs)) return anterior;
    liberado = true;
    return agora;
  });
  return liberado;
}

module.exports = { achar, novo, violaUnicidade, atualizar, errosDeTamanho, daVez };
