// Every e-mail leaves with our plain-text part: PocketBase writes one from the HTML when a message has none (the
// account e-mails of its templates), and it writes each link as [address](address).
onMailerSend((e) => {
  if (!e.message.text) e.message.text = require(`${__hooks}/lib/emails.js`).textoDoHtml(e.message.html);
  e.next();
});
