// Settings from the server's environment, applied at every start, so a deployment is configured by its
// environment and not by hand: the app's public address (links in e-mails), the sender and SMTP.

onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/config.js`).aplicar(e.app);
});
