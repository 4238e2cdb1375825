// Defences against guessing and e-mail floods (lib/seguranca.js): PocketBase's rate limits turned on at every
// start, a lockout per account after repeated failed logins, and a cap on the account e-mails per address.

onBootstrap((e) => {
  e.next();
  const settings = e.app.settings();
  require(`${__hooks}/lib/seguranca.js`).aplicarLimites(settings);
  e.app.save(settings);
});

// A list request filters and sorts by its own collection's fields and relations, never through a back-relation
// (lib/consulta_comum.js): only a superuser's may.
onRecordsListRequest((e) => {
  if (!e.hasSuperuserAuth()) {
    const query = e.requestInfo().query;
    const recusa = require(`${__hooks}/lib/consulta_comum.js`).recusaDaConsulta(query.filter, query.sort);
    if (recusa) throw new BadRequestError(recusa, {});
  }
  e.next();
});

// A realtime subscription's filter and sort obey the same rule: PocketBase runs them for every change it could send.
onRealtimeSubscribeRequest((e) => {
  if (!e.hasSuperuserAuth()) {
    const consulta = require(`${__hooks}/lib/consulta_comum.js`);
    for (const topico of e.subscriptions) {
      const recusa = consulta.recusaDaAssinatura(topico);
      if (recusa) throw new BadRequestError(recusa, {});
    }
  }
  e.next();
});

onRecordAuthWithPasswordRequest((e) => {
  require(`${__hooks}/lib/seguranca.js`).autenticar(e);
}, 'usuarios');

// A new address is mailed only for a verified account whose owner typed the password again (`password`).
onRecordRequestEmailChangeRequest((e) => {
  if (!e.record.verified()) {
    throw new ForbiddenError('Confirme o seu e-mail atual antes de trocá-lo.', {});
  }
  const senha = (e.requestInfo().body || {}).password;
  if (typeof senha !== 'string' || !e.record.validatePassword(senha)) {
    throw new BadRequestError('Senha incorreta.', {
      password: new ValidationError('validation_invalid_password', 'Senha incorreta.'),
    });
  }
  e.next();
}, 'usuarios');

onMailerRecordVerificationSend((e) => {
  require(`${__hooks}/lib/seguranca.js`).limitarEnvio(e, 'verificacao');
}, 'usuarios');

onMailerRecordPasswordResetSend((e) => {
  require(`${__hooks}/lib/seguranca.js`).limitarEnvio(e, 'senha');
}, 'usuarios');

onMailerRecordEmailChangeSend((e) => {
  require(`${__hooks}/lib/seguranca.js`).limitarEnvio(e, 'troca_email');
}, 'usuarios');

// A login alert goes only to an address its owner proved to be theirs.
onMailerRecordAuthAlertSend((e) => {
  if (!e.record.verified()) return;
  require(`${__hooks}/lib/seguranca.js`).limitarEnvio(e, 'alerta_acesso');
}, 'usuarios');

cronAdd('limpar_seguranca', '17 * * * *', () => {
  require(`${__hooks}/lib/seguranca.js`).limpar($app);
});
