// Accounts: what a customer may write on their own record, checked with pt-BR messages (the API rules in
// the migration refuse the same requests; these say why), the staff search column kept by the server, and the
// job that deletes accounts never confirmed.

onRecordCreateRequest((e) => {
  if (!e.hasSuperuserAuth()) require(`${__hooks}/lib/contas.js`).validarCadastro(e);
  // Staff must reach the customer by e-mail from the booking page; the view rule already keeps every
  // account to its owner and staff, so the address is shown to them and to nobody else.
  e.record.set('emailVisibility', true);
  e.next();
}, 'usuarios');

onRecordUpdateRequest((e) => {
  if (!e.hasSuperuserAuth()) require(`${__hooks}/lib/contas.js`).validarAlteracao(e);
  e.next();
}, 'usuarios');

// Every save of an account (registration, a new phone, the admin screen, a verification) stores CPF and phone
// as digits and rewrites `busca` from the fields it is made of, before validation, so it can never drift.
onRecordCreate((e) => {
  require(`${__hooks}/lib/contas.js`).normalizar(e.record);
  e.record.set('busca', require(`${__hooks}/lib/busca.js`).doUsuario(e.record));
  e.next();
}, 'usuarios');

onRecordUpdate((e) => {
  const busca = require(`${__hooks}/lib/busca.js`);
  const antes = e.record.original().getString('busca');
  require(`${__hooks}/lib/contas.js`).normalizar(e.record);
  e.record.set('busca', busca.doUsuario(e.record));
  e.next();
  // The bookings carry a copy (the staff search reads them alone), in the same transaction as this save.
  if (e.record.getString('busca') !== antes) busca.propagarAosAgendamentos(e.app, e.record);
}, 'usuarios');

// The search column is answered like the fields it is made of, to whoever may see the record (the owner and
// staff): it holds nothing they cannot already read. Hiding it took an onRecordEnrich call per record, which
// cost the staff list 60-80 ms a page (50 bookings and their accounts) at 100,000 bookings (docs/backend.md).

// Daily at 04:30 UTC; superusers can also run it at once (POST /api/crons/contas_nao_verificadas).
// CONTAS_NAO_VERIFICADAS_AUTOMATICO=0 (the local backend and its test servers, whose seeded demo accounts are
// older than the limit) turns it off.
cronAdd('contas_nao_verificadas', '30 4 * * *', () => {
  if ($os.getenv('CONTAS_NAO_VERIFICADAS_AUTOMATICO') === '0') return;
  require(`${__hooks}/lib/contas.js`).excluirNaoVerificadas($app);
});
