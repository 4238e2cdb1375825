// Accounts: what a customer may write on their own record, checked with pt-BR messages (the API rules in
// the migration refuse the same requests; these say why).

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
