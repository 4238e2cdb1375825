// The account e-mails PocketBase sends for the app, in pt-BR, with links to the app's own pages
// ({APP_URL} is the app's public address, set from the server's APP_URL; see pb_hooks/lib/config.js).
migrate(
  (app) => {
    const usuarios = app.findCollectionByNameOrId('usuarios');
    const rodape = '<p>Equipe {APP_NAME}</p>';
    usuarios.verificationTemplate.subject = 'Confirme seu e-mail - {APP_NAME}';
    usuarios.verificationTemplate.body =
      '<p>Olá, {RECORD:nome_completo}.</p>' +
      '<p>Obrigado por se cadastrar. Para ativar a sua conta, confirme o seu e-mail no link abaixo:</p>' +
      '<p><a href="{APP_URL}/confirm_verification?token={TOKEN}">{APP_URL}/confirm_verification?token={TOKEN}</a></p>' +
      '<p>Se você não se cadastrou, ignore este e-mail.</p>' +
      rodape;
    usuarios.resetPasswordTemplate.subject = 'Redefinição de senha - {APP_NAME}';
    usuarios.resetPasswordTemplate.body =
      '<p>Olá, {RECORD:nome_completo}.</p>' +
      '<p>Recebemos um pedido para redefinir a sua senha. Crie uma nova senha no link abaixo:</p>' +
      '<p><a href="{APP_URL}/confirm_password_reset?token={TOKEN}">{APP_URL}/confirm_password_reset?token={TOKEN}</a></p>' +
      '<p>Se você não pediu a redefinição, ignore este e-mail: a sua senha continua a mesma.</p>' +
      rodape;
    usuarios.confirmEmailChangeTemplate.subject = 'Confirme seu novo e-mail - {APP_NAME}';
    usuarios.confirmEmailChangeTemplate.body =
      '<p>Olá, {RECORD:nome_completo}.</p>' +
      '<p>Para usar este endereço na sua conta, confirme a troca de e-mail com o nosso atendimento.</p>' +
      rodape;
    usuarios.authAlert.emailTemplate.subject = 'Novo acesso à sua conta - {APP_NAME}';
    usuarios.authAlert.emailTemplate.body =
      '<p>Olá, {RECORD:nome_completo}.</p>' +
      '<p>A sua conta foi acessada de um novo dispositivo ou local em {ALERT_INFO}.</p>' +
      '<p>Se foi você, ignore este e-mail. Se não foi, troque a sua senha agora em {APP_URL}/?mode=forgot_password.</p>' +
      rodape;
    app.save(usuarios);
  },
  () => {
    /* the templates stay: PocketBase's English defaults are no better for this app */
  },
);
