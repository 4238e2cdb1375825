// The staff search column `usuarios.busca`: name without accents, e-mail, CPF digits and phone digits in one
// lower-case text, so one `usuario.busca ~ {:q}` finds a customer by any of them. Plain functions with no
// PocketBase calls: the seed and the bench (scripts/seed.mjs) fill the column with the same code.

const MAX_BUSCA = 600;

/**
 * The at sign as the column and the query hold it: the fullwidth '＠'. PocketBase refuses (403) any filter from
 * a non-superuser that contains '@request.' or '@collection.', even inside a quoted value, so an e-mail at
 * request.com.br could not be searched with a plain '@'.
 */
const ARROBA = '\uff20';

/** '@' (or '＠') as ARROBA: 'ana@request.com.br' → 'ana＠request.com.br'. */
function arroba(texto) {
  return String(texto || '').replace(/[@\uff20]/g, ARROBA);
}

/**
 * NFD, combining marks (U+0300–U+036F) and apostrophes removed, lower case, runs of spaces made one, '@' as
 * ARROBA: "JOÃO  D'Ávila" → 'joao davila'. The app folds the query the same way (src/lib/search-key.ts).
 */
function normalizar(texto) {
  return arroba(
    String(texto || '')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/['’`´]/g, '')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

function digitos(texto) {
  return String(texto || '').replace(/\D/g, '');
}

/** The column's content for an account's name, e-mail, CPF and phone. */
function textoBusca(nome, email, cpf, celular) {
  return [normalizar(nome), arroba(String(email || '').toLowerCase()), digitos(cpf), digitos(celular)]
    .join(' ')
    .slice(0, MAX_BUSCA);
}

/** The column's content for an account record (PocketBase's Record). */
function doUsuario(usuario) {
  return textoBusca(
    usuario.getString('nome_completo'),
    usuario.email(),
    usuario.getString('cpf'),
    usuario.getString('celular'),
  );
}

/**
 * The query the app sends (src/lib/search-key.ts searchKey): a CPF or phone typed with its mask becomes its
 * digits ('+55' left out); anything else normalized.
 */
function termoBusca(texto) {
  const dobrado = normalizar(texto);
  if (!/^[\d\s.\-()/+]+$/.test(dobrado) || !/\d/.test(dobrado)) return dobrado;
  const numeros = digitos(dobrado);
  return numeros.length > 11 && numeros.startsWith('55') && dobrado.indexOf('+') >= 0
    ? numeros.slice(2)
    : numeros;
}

/** A booking's copy of its customer's column, set before the booking is saved (any save: order, staff, admin). */
function copiarParaAgendamento(app, agendamento) {
  let texto = '';
  try {
    texto = app.findRecordById('usuarios', agendamento.getString('usuario')).getString('busca');
  } catch (_) {
    texto = ''; // no such account: the relation's own validation refuses the save
  }
  agendamento.set('busca', texto);
}

/** After an account's column changed, its bookings' copies follow (raw SQL: no history, `updated` kept). */
function propagarAosAgendamentos(app, usuario) {
  app
    .db()
    .newQuery('UPDATE agendamentos SET busca = {:busca} WHERE usuario = {:usuario}')
    .bind({ busca: usuario.getString('busca'), usuario: usuario.id })
    .execute();
}

/** Every account's column written again from its fields (raw SQL: no history, `updated` kept). */
function reescreverUsuarios(app) {
  app.findAllRecords('usuarios').forEach((u) => {
    app
      .db()
      .newQuery('UPDATE usuarios SET busca = {:busca} WHERE id = {:id}')
      .bind({ id: u.id, busca: doUsuario(u) })
      .execute();
  });
}

/** Every booking's copy set from its account's column, in one statement. */
function copiarTodosAosAgendamentos(app) {
  app
    .db()
    .newQuery(
      "UPDATE agendamentos SET busca = COALESCE((SELECT busca FROM usuarios WHERE usuarios.id = agendamentos.usuario), '')",
    )
    .execute();
}

module.exports = {
  MAX_BUSCA,
  ARROBA,
  normalizar,
  digitos,
  textoBusca,
  doUsuario,
  termoBusca,
  copiarParaAgendamento,
  propagarAosAgendamentos,
  reescreverUsuarios,
  copiarTodosAosAgendamentos,
};
