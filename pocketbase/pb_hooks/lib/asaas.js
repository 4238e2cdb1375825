// The one door to the Asaas API. The key comes from the server's environment and never leaves this file;
// request bodies (card data) are never logged.

const SANDBOX = 'https://api-sandbox.asaas.com/v3';

function config() {
  return {
    url: ($os.getenv('ASAAS_API_URL') || SANDBOX).replace(/\/+$/, ''),
    chave: $os.getenv('ASAAS_API_KEY'),
    // Seconds to wait for Asaas; past that a charge's outcome is unknown, never "failed".
    timeout: Number($os.getenv('ASAAS_TIMEOUT_S') || 60),
  };
}

/**
 * Calls Asaas. Returns { status, json }: status 0 when no answer came (network error or timeout).
 * Throws nothing: the caller decides what each outcome means.
 */
function chamar(metodo, caminho, corpo) {
  const c = config();
  if (!c.chave) {
    console.error('ASAAS_API_KEY não configurada: o proxy de pagamentos está desligado.');
    return { status: 0, json: null, semChave: true };
  }
  try {
    const res = $http.send({
      url: c.url + caminho,
      method: metodo,
      body: corpo === undefined ? '' : JSON.stringify(corpo),
      headers: {
        'Content-Type': 'application/json',
        access_token: c.chave,
        'User-Agent': 'passaporte-italiano-pocketbase',
      },
      timeout: c.timeout,
    });
    return { status: res.statusCode, json: res.json };
  } catch (err) {
    // Only the path and the error: never the body, which may hold a card.
    console.error('Asaas sem resposta em ' + metodo + ' ' + caminho + ': ' + err);
    return { status: 0, json: null };
  }
}

/** The first of Asaas's `errors[]`, or a neutral one (proxy_comum.primeiroErro, which the demo double runs too). */
function primeiroErro(json) {
  return require(`${__hooks}/lib/proxy_comum.js`).primeiroErro(json);
}

/** Seconds the server waits for Asaas's answer (ASAAS_TIMEOUT_S). */
function espera() {
  return config().timeout;
}

module.exports = { chamar, primeiroErro, espera };
