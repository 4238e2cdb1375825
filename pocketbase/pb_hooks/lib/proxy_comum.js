// The Asaas proxy's decisions, written once for both runtimes like cobranca_comum.js: PocketBase's JSVM loads this
// file with require() (CommonJS, requiring only comum.js: the rules data, regras.json, is passed in as `R`), and the demo
// double runs lib/proxy.js itself (src/mocks/jsvm, through scripts/build/kit-module.ts). It says what Asaas's answers mean and what
// to ask of it; lib/proxy.js and lib/asaas.js (and the double) make the calls and write the records. Plain ES2015,
// no PocketBase calls. A charge here is a plain object: { metodo, asaas_id, status, tipo_servico, flex }.

const comum = require(`${__hooks}/lib/comum.js`);

/** The first of Asaas's `errors[]` in an answer's body, or a neutral one. */
function primeiroErro(json) {
  const erros = json && json.errors;
  if (erros && erros.length > 0 && erros[0]) {
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
 * What an error of a 4xx from Asaas to a new charge means: a decline by the card's issuer (`invalid_creditCard`, or
 * an error Asaas did not explain) or a field Asaas refused, named for the customer. Returns { recusa, mensagem }.
 */
function lerRecusa(erro) {
  const campo = Object.prototype.hasOwnProperty.call(CAMPOS, erro.code) ? CAMPOS[erro.code] : '';
  if (!campo) return { recusa: true, mensagem: erro.description };
  return {
    recusa: false,
    mensagem: 'Confira o campo ' + campo + (erro.description ? ': ' + erro.description : '.'),
  };
}

/** Asaas's `billingType` of a charge paid by `metodo` ('pix' or 'cartao_credito'). */
function tipoDeCobranca(metodo) {
  return metodo === 'pix' ? 'PIX' : 'CREDIT_CARD';
}

/** The description Asaas keeps (and shows the customer) for a charge of service `tipo`, with Flex or not. */
function descricao(tipo, flex) {
  return 'Agendamento ' + tipo + (flex ? ' + Flex' : '');
}

/**
 * What the proxy sends Asaas (POST /payments) for a priced order: `pedido` is { metodo ('pix' or 'cartao_credito'),
 * cliente (the customer's Asaas id), tentativa, tipo, flex, total, parcelas }; `hoje` the due day (São Paulo);
 * for a card, `cartao` ({ cartao, titular }, cobranca_comum.dadosDoCartao) and the buyer's `ip`. Card installments
 * name their count and the total (Asaas splits it); one payment names its value.
 */
function corpoDaCobranca(pedido, hoje, cartao, ip) {
  const corpo = {
    customer: pedido.cliente,
    billingType: tipoDeCobranca(pedido.metodo),
    dueDate: hoje,
    description: descricao(pedido.tipo, pedido.flex),
    externalReference: pedido.tentativa,
  };
  if (pedido.metodo !== 'pix') {
    corpo.creditCard = cartao.cartao;
    corpo.creditCardHolderInfo = cartao.titular;
    corpo.remoteIp = ip;
  }
  if (pedido.metodo !== 'pix' && pedido.parcelas > 1) {
    corpo.installmentCount = pedido.parcelas;
    corpo.totalValue = pedido.total;
  } else {
    corpo.value = pedido.total;
  }
  return corpo;
}

/** A charge whose outcome Asaas has not told yet: 502, the customer is told to wait for the answer. */
function recusaIndeterminada(M) {
  return {
    http: 502,
    mensagem: M.indeterminado,
    campo: 'cobranca',
    code: 'indeterminada',
    detalhe: M.indeterminado,
  };
}

/**
 * What Asaas's answer to a new charge (`resposta`: { status, json, semChave }; status 0 when none came) means:
 * - `criada`: the payment Asaas made (its body), or null;
 * - `status`: the charge's status from now on; `motivo`, when set, what is kept as its reason;
 * - `descontar`: the card attempt does not count against the customer's limit (only a decline counts);
 * - `erro`: null, or the answer to give: { http, mensagem } and, for the browser's field, { campo, code, detalhe }.
 * A 429 is Asaas's own rate limit (nothing made); a 4xx is a decline or a field refused (Asaas keeps neither); a
 * missing or wrong key (401, 403) reached no card; anything else (no answer, a 5xx, a 200 without an id) may have
 * made a charge: it stays live until the server knows, and the customer is told not to pay again.
 */
function resultadoDaCriacao(resposta, R) {
  const M = R.pagamento;
  const http = resposta.status;
  const json = resposta.json;
  if (http === 200 && json && json.id) {
    return { criada: json, status: String(json.status || 'PENDING'), descontar: false, erro: null };
  }
  if (http === 429) {
    return {
      criada: null,
      status: 'NAO_CRIADA',
      motivo: 'Asaas: 429',
      descontar: true,
      erro: { http: 429, mensagem: M.ocupado, campo: 'asaas', code: 'asaas_ocupado', detalhe: M.ocupado },
    };
  }
  if (http >= 400 && http < 500 && http !== 401 && http !== 403) {
    const primeiro = primeiroErro(json);
    const leitura = lerRecusa(primeiro);
    return {
      criada: null,
      status: leitura.recusa ? 'RECUSADA' : 'NAO_CRIADA',
      motivo: leitura.mensagem,
      descontar: !leitura.recusa,
      erro: {
        http: 400,
        mensagem: leitura.recusa ? M.recusado : leitura.mensagem,
        campo: 'asaas',
        code: primeiro.code || 'recusada',
        detalhe: leitura.mensagem || M.recusado,
      },
    };
  }
  if (resposta.semChave || http === 401 || http === 403) {
    return {
      criada: null,
      status: 'NAO_CRIADA',
      descontar: true,
      erro: { http: 503, mensagem: M.indisponivel },
    };
  }
  return {
    criada: null,
    status: 'INDETERMINADA',
    descontar: true,
    erro: recusaIndeterminada(M),
  };
}

/**
 * What Asaas is sent to make the customer of an account (`conta`: { id, nome_completo, cpf, email, celular }), from
 * the account's own data whatever the browser sends: CPF and mobile as digits (`digitos`, comum.digitos), the
 * account's id as Asaas's reference, and no e-mails or texts from Asaas (the site sends its own).
 */
function corpoDoCliente(conta, digitos) {
  return {
    name: conta.nome_completo,
    cpfCnpj: digitos(conta.cpf),
    email: conta.email,
    mobilePhone: digitos(conta.celular),
    externalReference: conta.id,
    notificationDisabled: true,
  };
}

/**
 * What Asaas's answer to a new customer (`resposta`: { status, json }; status 0 when none came) means: { id } of the
 * customer Asaas made, or { erro: { http, mensagem, campo, code, detalhe } }. A 4xx but a 401 (Asaas's rate limit
 * too) is Asaas's refusal, answered 400 in its own words (its first error, or `R.pagamento.clienteRecusado`); a
 * missing key, a 401, a 5xx, no answer or a 200 without an id: the service is unavailable (503).
 */
function resultadoDoCliente(resposta, R) {
  const M = R.pagamento;
  const http = resposta.status;
  const json = resposta.json;
  if (http === 200 && json && json.id) return { id: String(json.id), erro: null };
  if (http >= 400 && http < 500 && http !== 401) {
    const primeiro = primeiroErro(json);
    const mensagem = primeiro.description || M.clienteRecusado;
    return {
      id: '',
      erro: {
        http: 400,
        mensagem: mensagem,
        campo: 'asaas',
        code: primeiro.code || 'asaas',
        detalhe: mensagem,
      },
    };
  }
  return { id: '', erro: { http: 503, mensagem: M.indisponivel } };
}

/** The statuses of an unpaid Pix that Asaas still lets the customer pay (an overdue one stays payable for months). */
const PIX_PAGAVEL = ['PENDING', 'OVERDUE'];

/**
 * Whether a charge is a Pix to cancel at Asaas (DELETE) before its customer pays by other means, so a late Pix
 * cannot charge them twice: one Asaas made and still lets them pay.
 */
function cancelarPix(cobranca) {
  return cobranca.metodo === 'pix' && Boolean(cobranca.asaas_id) && PIX_PAGAVEL.indexOf(cobranca.status) >= 0;
}

/**
 * What Asaas's answer to that DELETE means for the charge: 'DELETED' when it is gone (200, or 404: Asaas does not
 * know it), else '' (no answer, a 429...): it stays as it is, payable, and a live one keeps blocking a new charge.
 */
function statusDoCancelamento(http) {
  return http === 200 || http === 404 ? 'DELETED' : '';
}

/** Whether the live charge is the pending Pix of the same order, answered again instead of a new one. */
function reusarPix(ativa, tipo, flex) {
  return (
    Boolean(ativa) &&
    ativa.metodo === 'pix' &&
    ativa.status === 'PENDING' &&
    ativa.tipo_servico === tipo &&
    ativa.flex === flex
  );
}

/** An attempt id the browser may send (`externalReference`): letters, digits, '_' and '-', 8 to 64 of them. */
const TENTATIVA = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The attempt id of a charge request: the browser's `externalReference`, or a new one (`nova()`) when it sent none.
 * Returns { tentativa }, or { erro: { campo, mensagem } } for one that is not an attempt id.
 */
function tentativaDe(body, nova, R) {
  const valor = body.externalReference;
  if (valor === undefined || valor === null || valor === '') return { tentativa: nova() };
  if (typeof valor !== 'string' || !TENTATIVA.test(valor)) {
    return { erro: { campo: 'externalReference', mensagem: R.pagamento.tentativaInvalida } };
  }
  return { tentativa: valor };
}

/**
 * What a request with an attempt id already sent answers, from that attempt's charge (`anterior`: { usuario, status,
 * motivo }, settled with Asaas first when it is the customer's own): null when the charge is answered again as it is
 * (a retried request never charges twice), else the refusal { http, mensagem } and, for the browser's field,
 * { campo, code, detalhe }: another customer's attempt, an outcome still unknown, a decline, a charge never made.
 */
function recusaDaRepetida(anterior, usuarioId, R) {
  const M = R.pagamento;
  if (anterior.usuario !== usuarioId) return { http: 409, mensagem: M.tentativaRepetida };
  const status = anterior.status;
  if (status === 'ENVIANDO' || status === 'INDETERMINADA') {
    return recusaIndeterminada(M);
  }
  if (status === 'RECUSADA') {
    return {
      http: 400,
      mensagem: M.recusado,
      campo: 'asaas',
      code: 'recusada',
      detalhe: anterior.motivo || M.recusado,
    };
  }
  if (status === 'NAO_CRIADA') {
    return { http: 400, mensagem: M.naoCriada, campo: 'asaas', code: 'nao_criada', detalhe: M.naoCriada };
  }
  return null;
}

/** The refusal of a new charge when the customer already has an open order (lib/pedido_aberto.js says which). */
function recusaDoPedidoExistente(R) {
  const M = R.pagamento;
  return {
    http: 409,
    mensagem: M.pedidoExiste,
    campo: 'pedido',
    code: 'pedido_existente',
    detalhe: M.pedidoExiste,
  };
}

/**
 * The refusal of a new charge when the customer has another live one (`ativa`: { status }; `paga`: it has its order,
 * cobranca_comum.foiPaga): the open order's, or the charge in progress with its status.
 */
function recusaDaAtiva(ativa, paga, R) {
  const M = R.pagamento;
  if (paga) return recusaDoPedidoExistente(R);
  return {
    http: 409,
    mensagem: M.cobrancaEmCurso,
    campo: 'cobranca',
    code: 'cobranca_em_curso',
    detalhe: ativa.status,
  };
}

/**
 * The fields of a new live charge, recorded before Asaas is called: the customer's (`usuarioId`) attempt
 * `tentativa` to pay by `metodo` the priced order `pedido` (comum.validarPedido's { tipo, flex, total, parcelas }).
 */
function novaCobranca(usuarioId, tentativa, metodo, pedido) {
  return {
    usuario: usuarioId,
    tentativa: tentativa,
    metodo: metodo,
    tipo_servico: pedido.tipo,
    flex: pedido.flex,
    valor: pedido.total,
    parcelas: pedido.parcelas,
    status: 'ENVIANDO',
    ativa: true,
  };
}

/**
 * A charge as the proxy answers it (Asaas's fields the app reads, and the order's), from the charge's plain fields
 * ({ asaas_id, status, tentativa, metodo, valor, parcelas, tipo_servico, flex }), with each installment's value as
 * Asaas splits it (comum.js parcelamento).
 */
function respostaDaCobranca(cobranca) {
  return {
    id: cobranca.asaas_id,
    status: cobranca.status,
    externalReference: cobranca.tentativa,
    billingType: tipoDeCobranca(cobranca.metodo),
    value: comum.parcelamento(cobranca.valor, cobranca.parcelas).valor,
    totalValue: cobranca.valor,
    installmentCount: cobranca.parcelas,
    tipo_servico: cobranca.tipo_servico,
    flex: cobranca.flex,
  };
}

/** The Pix QR code as the proxy answers it: what Asaas gave (`qr`) for the picture, with the charge's status. */
function respostaDoQrCode(qr, status) {
  return {
    encodedImage: qr.encodedImage,
    payload: qr.payload,
    expirationDate: qr.expirationDate,
    status: status,
  };
}

module.exports = {
  novaCobranca,
  respostaDaCobranca,
  respostaDoQrCode,
  primeiroErro,
  lerRecusa,
  descricao,
  tipoDeCobranca,
  corpoDaCobranca,
  resultadoDaCriacao,
  corpoDoCliente,
  resultadoDoCliente,
  PIX_PAGAVEL,
  cancelarPix,
  statusDoCancelamento,
  reusarPix,
  tentativaDe,
  recusaDaRepetida,
  recusaDoPedidoExistente,
  recusaDaAtiva,
};
