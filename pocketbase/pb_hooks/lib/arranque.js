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

/**
 * Logs, at start-up, what keeps charges off, service invoices (NFS-e) turned on without a municipal service, and a
 * guarantee turned on with a number of windows that cannot be read.
 */
function verificar(app) {
  const problemas = problemasPagamento(app);
  if (problemas.length > 0) {
    console.error(linha(problemas));
    app.logger().error(linha(problemas));
  }
  const nfse = require(`${__hooks}/lib/config.js`).nfse();
  if (nfse.ativa && !nfse.servicoId && !nfse.servicoCodigo) {
    const aviso =
      'NFSE_ATIVA=true sem NFSE_SERVICO_MUNICIPAL_ID nem NFSE_SERVICO_MUNICIPAL_CODIGO: o Asaas recusará as notas ' +
      'fiscais (a equipe as verá com erro). Corrija o .env do servidor e reinicie.';
    console.error(aviso);
    app.logger().error(aviso);
  }
  if (require(`${__hooks}/lib/config.js`).garantia().invalida) {
    const aviso =
      'GARANTIA_ATIVA=true com GARANTIA_JANELAS inválido (use um número inteiro de 1 a 52): a garantia fica ' +
      'DESLIGADA até corrigir o .env do servidor e reiniciar.';
    console.error(aviso);
    app.logger().error(aviso);
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

/**
 * The address `pocketbase serve` listens on, from its arguments: `--http`, else PocketBase's default
 * 127.0.0.1:8090; '' when it serves a domain itself (TLS, no proxy in front).
 */
function escuta(args) {
  const lista = [];
  for (let i = 0; i < args.length; i++) lista.push(String(args[i]));
  const serve = lista.indexOf('serve');
  if (serve < 0) return '';
  for (let i = serve + 1; i < lista.length; i++) {
    if (lista[i].indexOf('--http=') === 0) return lista[i].slice(7);
    if (lista[i] === '--http') return lista[i + 1] || '';
  }
  const dominios = lista.slice(serve + 1).filter((a) => a.indexOf('-') !== 0);
  return dominios.length > 0 ? '' : '127.0.0.1:8090';
}

/**
 * At start-up: a server listening on loopback only while its public address is https is behind a reverse proxy
 * (nginx, Caddy). Without TRUSTED_PROXY_HEADER, Asaas would get the proxy's IP as the buyer's `remoteIp`.
 * Returns the warning logged, or ''.
 */
function avisarProxy(app, endereco) {
  const host = String(endereco || '')
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '');
  const local = host === 'localhost' || host === '::1' || /^127\./.test(host);
  const publico = $os.getenv('APP_URL') || app.settings().meta.appURL;
  if (!local || !/^https:\/\//i.test(String(publico || '')) || $os.getenv('TRUSTED_PROXY_HEADER')) return '';
  const aviso =
    'Atrás de um proxy reverso (escuta em ' +
    endereco +
    ', endereço público ' +
    publico +
    ') sem TRUSTED_PROXY_HEADER: o Asaas receberia o IP do proxy, não o do comprador. Defina ' +
    'TRUSTED_PROXY_HEADER=X-Forwarded-For no .env do servidor (docs/backend.md).';
  console.warn(aviso);
  app.logger().warn(aviso);
  return aviso;
}

module.exports = { problemasPagamento, verificar, exigir, escuta, avisarProxy };
