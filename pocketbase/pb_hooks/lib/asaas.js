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

/** The first of Asaas's `errors[]`, or a neutral one. */
function primeiroErro(json) {
  const erros = json && json.errors;
  if (erros && erros.length > 0) {
    return { code: String(erros[0].code || ''), description: String(erros[0].description || '') };
  }
  return { code: '', description: '' };
}

// Asaas's field error codes, as the customer's form names the field.
const CAMPOS = {
  invalid_creditCardHolderInfo: 'dados do titular do cartão',
  invalid_postalCode: 'CEP do titular do cartão',
  invalid_addressNumber: 'número do endereço do titular',
  invalid_cpfCnpj: 'CPF do titular do cartão',
  invalid_phone: 'telefone do titular do cartão',
  invalid_mobilePhone: 'telefone do titular do cartão',
  invalid_email: 'e-mail do titular do cartão',
  invalid_name: 'nome do titular do cartão',
  invalid_holderName: 'nome impresso no cartão',
};

/**
 * What a 4xx from Asaas to a new charge means: a decline by the card's issuer (`invalid_creditCard`, or an
 * error Asaas did not explain) or a field Asaas refused, named for the customer. Returns { recusa, mensagem }.
 */
function lerRecusa(erro) {
  const campo = CAMPOS[erro.code];
  if (!campo) return { recusa: true, mensagem: erro.description };
  return {
    recusa: false,
    mensagem: 'Confira o campo ' + campo + (erro.description ? ': ' + erro.description : '.'),
  };
}

module.exports = { chamar, primeiroErro, lerRecusa };
