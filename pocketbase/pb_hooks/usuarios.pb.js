// Accounts: what a customer may write on their own record, checked with pt-BR messages (the API rules in
// the migration refuse the same requests; these say why), and the staff search column kept by the server.

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

// Every save of an account (registration, a new phone, the admin screen, a verification) rewrites `busca`
// from the fields it is made of, before validation, so it can never drift from them.
onRecordCreate((e) => {
  e.record.set('busca', require(`${__hooks}/lib/busca.js`).doUsuario(e.record));
  e.next();
}, 'usuarios');

onRecordUpdate((e) => {
  e.record.set('busca', require(`${__hooks}/lib/busca.js`).doUsuario(e.record));
  e.next();
}, 'usuarios');

// The search column is the server's: staff filter on it (`usuario.busca ~ ...`), nobody reads it back.
onRecordEnrich((e) => {
  e.record.hide('busca');
  e.next();
}, 'usuarios');
