// Settings from the server's environment, applied at every start, so a deployment is configured by its
// environment and not by hand: the app's public address (links in e-mails), the sender and SMTP, scheduled backups
// and rate limits; then what still keeps charges off is logged (lib/arranque.js).

onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/config.js`).aplicar(e.app);
  require(`${__hooks}/lib/arranque.js`).verificar(e.app);
  require(`${__hooks}/lib/arranque.js`).avisarProxy(
    e.app,
    require(`${__hooks}/lib/arranque.js`).escuta($os.args),
  );
});
