// What the server must have before it takes money: the Asaas key, the webhook token (without it no outcome of a
// charge ever arrives) and a real sender (the customer's receipts and status e-mails). Missing or still a value of
// the .env template (deploy/env.template: PREENCHER, an example address...), the kit logs it at every start and
// refuses every charge with a 503 in pt-BR; the rest of the site keeps working.

/** A value left from a template or an example: never a real key, token or address. */
const MODELO =
  /preencher|placeholder|exemplo|change.?me|seu-dominio|<[^>]*>|(?:^|[@.])example\.(?:com|net|org)$/i;

const vazioOuModelo = (valor) => !valor || !String(valor).trim() || MODELO.test(String(valor).trim());

/** The variables that keep charges off, each with why (empty when the server may charge). */
function problemasPagamento(app) {
  const env = (nome) => $os.getenv(nome);
  const problemas = [];
  if (vazioOuModelo(env('ASAAS_API_KEY'))) problemas.push('ASAAS_API_KEY ausente ou valor de modelo');
  if (vazioOuModelo(env('ASAAS_WEBHOOK_TOKEN')))
    problemas.push('ASAAS_WEBHOOK_TOKEN ausente ou valor de modelo');
  const remetente = env('MAIL_SENDER_ADDRESS') || app.settings().meta.senderAddress;
  if (vazioOuModelo(remetente))
    problemas.push('MAIL_SENDER_ADDRESS ausente ou valor de modelo (' + remetente + ')');
  return problemas;
}

const linha = (problemas) =>
  'Configuração incompleta: cobranças RECUSADAS até corrigir o .env do servidor e reiniciar: ' +
  problemas.join('; ');

/** Logs, at start-up, what keeps charges off. */
function verificar(app) {
  const problemas = problemasPagamento(app);
  if (problemas.length > 0) {
    console.error(linha(problemas));
    app.logger().error(linha(problemas));
  }
}

/**
 * Middleware of the charging routes: a 503 in pt-BR while the configuration is incomplete, and a warning (once
 * per start) when a proxy's header arrives while TRUSTED_PROXY_HEADER is unset: Asaas would then get the proxy's
 * IP instead of the buyer's, and every buyer would share one per-IP limit.
 */
function exigir(e) {
  const problemas = problemasPagamento(e.app);
  if (problemas.length > 0) {
    console.error(linha(problemas));
    throw new ApiError(503, require(`${__hooks}/lib/regras.js`).MSG.indisponivel, {});
  }
  const cabecalho = ['X-Forwarded-For', 'X-Real-IP', 'Forwarded'].find((nome) => e.request.header.get(nome));
  if (cabecalho && !$os.getenv('TRUSTED_PROXY_HEADER') && !e.app.store().has('arranque.avisoProxy')) {
    e.app.store().set('arranque.avisoProxy', true);
    const aviso =
      'Atrás de um proxy (' +
      cabecalho +
      ') sem TRUSTED_PROXY_HEADER: o Asaas recebe o IP do proxy, não o do ' +
      'comprador. Defina TRUSTED_PROXY_HEADER=' +
      cabecalho +
      ' no .env do servidor.';
    console.warn(aviso);
    e.app.logger().warn(aviso);
  }
  return e.next();
}

module.exports = { problemasPagamento, verificar, exigir };
