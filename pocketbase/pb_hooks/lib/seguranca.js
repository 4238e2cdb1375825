// Defences against a hostile client: PocketBase's rate limits per IP, a lockout per account after repeated
// failed logins (whichever IP they come from), and a cap on the account e-mails each address receives.
// The figures are listed in docs/backend.md.

const MSG = require(`${__hooks}/lib/mensagens.json`);
// The rules of an account's defences, the demo double's too (contas_comum.js).
const CONTAS = require(`${__hooks}/lib/contas_comum.js`);

/**
 * The figures (limites.json, which the demo double loads too). `porIp`: PocketBase's own rate limiter, per IP,
 * fixed windows of maxRequests per `duration` seconds; labels are PocketBase's: `collection:action` for its
 * record routes, a path (a prefix when it ends in '/') for ours. Asaas's webhook comes from Asaas's own
 * addresses with its token and is never limited with the buyers. `bloqueio`: failed logins of one account
 * (by the e-mail typed) that lock it, whichever IP they came from. `emails`: one account e-mail of each kind
 * per address per interval, and a daily cap per address.
 */
const LIMITES = require(`${__hooks}/lib/limites.json`);
const LIMITES_IP = LIMITES.porIp;
const BLOQUEIO = LIMITES.bloqueio;
const EMAILS = LIMITES.emails;

function numeroEnv(nome, padrao) {
  const valor = Number($os.getenv(nome));
  return valor > 0 ? valor : padrao;
}

/**
 * Turns the limits on (an existing setting from the admin screen is replaced at each start). RATE_LIMIT_SCALE
 * multiplies every figure: the browser tests, all from 127.0.0.1, set it; production leaves it at 1.
 */
function aplicarLimites(settings) {
  const escala = numeroEnv('RATE_LIMIT_SCALE', 1);
  unmarshal(
    {
      rateLimits: {
        enabled: true,
        rules: LIMITES_IP.map((r) => ({
          label: r.label,
          audience: '',
          duration: r.duration,
          maxRequests: Math.ceil(r.maxRequests * escala),
        })),
      },
    },
    settings,
  );
}

function pbData(ms) {
  return new Date(ms).toISOString().replace('T', ' ');
}

function falhasRecentes(app, chave) {
  return app.countRecords(
    'falhas_login',
    $dbx.exp('identidade = {:i} AND created >= {:d}', {
      i: chave,
      d: pbData(Date.now() - BLOQUEIO.janelaMin * 60 * 1000),
    }),
  );
}

/**
 * Around PocketBase's password check: a locked account answers 429 whatever the password; a failure is
 * counted, and the one that locks the account e-mails its (verified) owner.
 */
function autenticar(e) {
  const chave = CONTAS.chaveDeLogin(e.identity);
  if (CONTAS.loginBloqueado(falhasRecentes(e.app, chave), BLOQUEIO)) {
    throw new TooManyRequestsError(MSG.contaBloqueada, {});
  }
  try {
    e.next();
  } catch (err) {
    if (/Failed to authenticate/.test(String(err))) {
      let total = 0;
      e.app.runInTransaction((tx) => {
        const falha = new Record(tx.findCollectionByNameOrId('falhas_login'));
        falha.set('identidade', chave);
        falha.set('ip', e.realIP());
        tx.save(falha);
        total = falhasRecentes(tx, chave);
      });
      if (CONTAS.falhaQueBloqueia(total, BLOQUEIO) && e.record && e.record.verified()) {
        avisarBloqueio(e.app, e.record);
      }
    }
    throw err;
  }
}

function avisarBloqueio(app, usuario) {
  if (!permitirEmail(app, usuario.email(), 'bloqueio')) return;
  const email = require(`${__hooks}/lib/email_texto.js`).emailDeBloqueio(BLOQUEIO);
  require(`${__hooks}/lib/emails.js`).enviar(app, usuario.email(), email.assunto, email.paragrafos);
}

/**
 * Counts an account e-mail of `tipo` to `para`, or answers false when the address had one of that kind within
 * the interval or reached the daily cap (the caller then does not send it). In a transaction: parallel
 * requests are counted one after another.
 */
function permitirEmail(app, para, tipo) {
  // One mailbox, however it is written: 'nome+1@…' and 'n.o.m.e@gmail.com' count as 'nome@…'.
  const endereco = require(`${__hooks}/lib/processo_comum.js`).caixaPostal(para);
  let permitido = false;
  app.runInTransaction((tx) => {
    const agora = Date.now();
    const doTipo = tx.countRecords(
      'envios_email',
      $dbx.exp('para = {:p} AND tipo = {:t} AND created >= {:d}', {
        p: endereco,
        t: tipo,
        d: pbData(agora - EMAILS.intervaloMin * 60 * 1000),
      }),
    );
    const doDia = tx.countRecords(
      'envios_email',
      $dbx.exp('para = {:p} AND created >= {:d}', { p: endereco, d: pbData(agora - 24 * 3600 * 1000) }),
    );
    if (!CONTAS.emailLiberado(doTipo, doDia, EMAILS)) return;
    const envio = new Record(tx.findCollectionByNameOrId('envios_email'));
    envio.set('para', endereco);
    envio.set('tipo', tipo);
    tx.save(envio);
    permitido = true;
  });
  return permitido;
}

/** A mailer hook of PocketBase's account e-mails: sends only when the address may receive one more. */
function limitarEnvio(e, tipo) {
  const para = e.message.to.length > 0 ? e.message.to[0].address : '';
  if (!permitirEmail(e.app, para, tipo)) return;
  e.next();
}

/** Rows older than a day count for nothing: removed every hour. */
function limpar(app) {
  const ontem = pbData(Date.now() - 24 * 3600 * 1000);
  app.db().newQuery('DELETE FROM falhas_login WHERE created < {:d}').bind({ d: ontem }).execute();
  app.db().newQuery('DELETE FROM envios_email WHERE created < {:d}').bind({ d: ontem }).execute();
  app.db().newQuery('DELETE FROM envios_arquivo WHERE created < {:d}').bind({ d: ontem }).execute();
}

module.exports = { LIMITES_IP, BLOQUEIO, EMAILS, aplicarLimites, autenticar, limitarEnvio, limpar };
