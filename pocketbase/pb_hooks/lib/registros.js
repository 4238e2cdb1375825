// Small helpers over PocketBase's record API.

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
  Object.keys(valores).forEach((k) => registro.set(k, valores[k]));
  return registro;
}

/** True when PocketBase refused a save because a unique index already holds the value. */
function violaUnicidade(err) {
  // A unique index refuses either in validation ("x: Value must be unique.") or in SQLite itself.
  return /must be unique|UNIQUE constraint failed|validation_not_unique/.test(String(err));
}

module.exports = { achar, novo, violaUnicidade };
