// The staff search column `usuarios.busca`: name without accents, e-mail, CPF digits and phone digits in one
// lower-case text, so one `usuario.busca ~ {:q}` finds a customer by any of them. Plain functions with no
// PocketBase calls: the seed and the bench (scripts/backend/seed.mjs) fill the column with the same code.

const comum = require(`${__hooks}/lib/comum.js`);

// The folding and the column's text are shared with the app (comum.js).
const MAX_BUSCA = comum.MAX_BUSCA;
const ARROBA = comum.ARROBA;
const normalizar = comum.normalizar;
const digitos = comum.digitos;
const textoBusca = comum.textoBusca;
const termoBusca = comum.termoBusca;

/** The account's keys the staff search finds by an index (busca_cpf, busca_email, busca_celular: comum.js). */
function chavesDoUsuario(usuario) {
  return comum.chavesBusca(usuario.email(), usuario.getString('cpf'), usuario.getString('celular'));
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

/** A booking's copy of its customer's column, set before the booking is saved (any save: order, staff, admin). */
function copiarParaAgendamento(app, agendamento) {
  let usuario = null;
  try {
    usuario = app.findRecordById('usuarios', agendamento.getString('usuario'));
  } catch (_) {
    usuario = null; // no such account: the relation's own validation refuses the save
  }
  agendamento.set('busca', usuario ? usuario.getString('busca') : '');
  const chaves = usuario ? chavesDoUsuario(usuario) : comum.chavesBusca('', '', '');
  for (const campo in chaves) agendamento.set(campo, chaves[campo]);
}

/**
 * After an account's column changed, its bookings' copies follow, the indexed keys with them (raw SQL: no
 * history, `updated` kept).
 */
function propagarAosAgendamentos(app, usuario) {
  const chaves = chavesDoUsuario(usuario);
  app
    .db()
    .newQuery(
      'UPDATE agendamentos SET busca = {:busca}, busca_cpf = {:busca_cpf}, busca_email = {:busca_email}, ' +
        'busca_celular = {:busca_celular} WHERE usuario = {:usuario}',
    )
    .bind({
      busca: usuario.getString('busca'),
      busca_cpf: chaves.busca_cpf,
      busca_email: chaves.busca_email,
      busca_celular: chaves.busca_celular,
      usuario: usuario.id,
    })
    .execute();
}

/** Every booking's indexed keys set from its account (migration 1763914000; raw SQL, `updated` kept). */
function copiarChavesATodos(app) {
  app.findAllRecords('usuarios').forEach((u) => propagarAosAgendamentos(app, u));
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
  chavesDoUsuario,
  copiarChavesATodos,
};
