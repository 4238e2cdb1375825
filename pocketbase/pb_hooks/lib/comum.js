// The few rules that are code, not data, written once for both runtimes: PocketBase's JSVM loads this file with
// require() (it is CommonJS and requires nothing), and the app, the demo backend and the tests import it (Vite
// wraps it as an ES module: scripts/build/kit-module.ts). Plain ES2015 with no PocketBase calls.

/**
 * The at sign as the search column and the query hold it: the fullwidth '＠'. PocketBase refuses (403) any
 * filter from a non-superuser that contains '@request.' or '@collection.', even inside a quoted value, so an
 * e-mail at request.com.br could not be searched with a plain '@'.
 */
const ARROBA = '\uff20';
const MAX_BUSCA = 600;

/** '@' (or '＠') as ARROBA: 'ana@request.com.br' → 'ana＠request.com.br'. */
function arroba(texto) {
  return String(texto || '').replace(/[@\uff20]/g, ARROBA);
}

function digitos(texto) {
  return String(texto || '').replace(/\D/g, '');
}

/**
 * NFD, combining marks (U+0300–U+036F) and apostrophes removed, lower case, runs of spaces made one, '@' as
 * ARROBA: "JOÃO  D'Ávila" → 'joao davila' (staff type 'davila' as often as "d'avila").
 */
function normalizar(texto) {
  return arroba(
    String(texto || '')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/['’`´]/g, '')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** The search column of an account: folded name, e-mail, and the digits of CPF and phone (the empty ones left out). */
function textoBusca(nome, email, cpf, celular) {
  return [
    normalizar(nome),
    arroba(
      String(email || '')
        .trim()
        .toLowerCase(),
    ),
    digitos(cpf),
    digitos(celular),
  ]
    .filter(function (parte) {
      return parte !== '';
    })
    .join(' ')
    .slice(0, MAX_BUSCA);
}

/**
 * What a staff search looks for in the column: a query that is a number with or without its mask
 * ('529.982.247-25', '(11) 98765-4321', '+55 11 98765 4321') becomes its digits (the country code left out);
 * any other query is folded text.
 */
function termoBusca(texto) {
  const dobrado = normalizar(texto);
  if (!/^[\d\s.\-()/+]+$/.test(dobrado) || !/\d/.test(dobrado)) return dobrado;
  const numeros = digitos(dobrado);
  return numeros.length > 11 && numeros.indexOf('55') === 0 && dobrado.indexOf('+') >= 0
    ? numeros.slice(2)
    : numeros;
}

/**
 * The customer's keys the staff search finds by an index (each booking's copy: agendamentos.busca_cpf,
 * busca_email, busca_celular): the CPF's and the phone's digits, the e-mail in lower case with '@' as ARROBA.
 */
function chavesBusca(email, cpf, celular) {
  return {
    busca_cpf: digitos(cpf),
    busca_email: arroba(
      String(email || '')
        .trim()
        .toLowerCase(),
    ),
    busca_celular: digitos(celular),
  };
}

// A whole e-mail (something, the at sign, a domain with a dot and something after it): no space, quote, backslash or
// '%' (a LIKE pattern). Part of an e-mail ('ana@gmail', '@gmail.com', 'silva@') stays text found anywhere.
const EMAIL = /^[^\s"'\\%\uff20]+\uff20[^\s"'\\%\uff20.]+(\.[^\s"'\\%\uff20.]+)+$/;

/**
 * The indexed form of a search key (issue 30: a `LIKE '%…%'` on `busca` cannot seek an index, so a rare match
 * read every booking), or null when the key is searched as text anywhere in `busca`: 10 or 11 digits (a whole
 * CPF, or a phone with its area code) are a customer's CPF or phone, equal; a whole e-mail is the start of a
 * customer's e-mail (so 'ana@x.com' also finds 'ana@x.com.br', not 'joana@x.com'). The app's list
 * (src/features/bookings/list-params.ts) sends it.
 */
function buscaIndexada(chave) {
  if (/^\d{10,11}$/.test(chave)) return '(busca_cpf = "' + chave + '" || busca_celular = "' + chave + '")';
  if (EMAIL.test(chave)) {
    return '(busca_email >= "' + chave + '" && busca_email < "' + chave + '\uffff")';
  }
  return null;
}

function centavos(reais) {
  return Math.round(Number(reais) * 100);
}

/** An amount as Brazilians write it: 'R$ 1.234,50'. */
function reais(valor) {
  const partes = Number(valor).toFixed(2).split('.');
  return 'R$ ' + partes[0].replace(/\B(?=(\d{3})+(?!\d))/g, '.') + ',' + partes[1];
}

/**
 * Asaas's split of `total` reais in `parcelas`: each installment total / parcelas cut to whole centavos, the last
 * takes the rest (R$ 898 in 6x = 5 x 149,66 + 149,70). { valor, ultima, total } in reais.
 */
function parcelamento(total, parcelas) {
  const totalCentavos = centavos(total);
  const valor = Math.floor(totalCentavos / parcelas);
  return {
    valor: valor / 100,
    ultima: (totalCentavos - valor * (parcelas - 1)) / 100,
    total: totalCentavos / 100,
  };
}

/**
 * Checks the order part of a card or Pix request against the prices of `regras` (regras.json). Returns
 * { tipo, flex, total, parcelas, valor } or { erro: { campo, mensagem } }.
 */
function validarPedido(body, metodo, regras) {
  const M = regras.pagamento;
  const erro = (campo, mensagem) => ({ erro: { campo: campo, mensagem: mensagem } });
  const tipo = body.tipo_servico;
  if (typeof tipo !== 'string' || !Object.prototype.hasOwnProperty.call(regras.precos, tipo)) {
    return erro('tipo_servico', M.servicoInvalido);
  }
  if (typeof body.flex !== 'boolean') return erro('flex', M.flexInvalido);
  const total = regras.precos[tipo] + (body.flex ? regras.taxaFlex : 0);
  const pedido = { tipo: tipo, flex: body.flex, total: total, parcelas: 1, valor: total };
  if (metodo === 'pix') {
    if (typeof body.value !== 'number' || centavos(body.value) !== centavos(total)) {
      return erro('value', M.valorDivergente);
    }
    return pedido;
  }
  const parcelas = body.installmentCount;
  if (typeof parcelas !== 'number' || parcelas % 1 !== 0 || parcelas < 1 || parcelas > regras.maxParcelas) {
    return erro('installmentCount', M.parcelasInvalidas);
  }
  if (typeof body.totalValue !== 'number' || centavos(body.totalValue) !== centavos(total)) {
    return erro('totalValue', M.valorDivergente);
  }
  const valor = parcelamento(total, parcelas).valor;
  if (typeof body.value !== 'number' || centavos(body.value) !== centavos(valor)) {
    return erro('value', M.valorDivergente);
  }
  pedido.parcelas = parcelas;
  pedido.valor = valor;
  return pedido;
}

function digitoCpf(numeros, tamanho) {
  let soma = 0;
  for (let i = 0; i < tamanho; i++) soma += Number(numeros.charAt(i)) * (tamanho + 1 - i);
  return ((soma * 10) % 11) % 10;
}

/** A 9-digit base with its two CPF check digits appended. */
function comDigitosCpf(base9) {
  const primeiro = base9 + digitoCpf(base9, 9);
  return primeiro + digitoCpf(primeiro, 10);
}

/**
 * True for 11 digits with valid CPF check digits, not all the same digit, written with the mask's separators at
 * most (dots, a hyphen, spaces): markup, letters or other symbols make it invalid, as the server checks it.
 */
function cpfValido(texto) {
  if (typeof texto !== 'string' || texto.length > 20 || !/^[\d.\- ]*$/.test(texto)) return false;
  const numeros = digitos(texto);
  if (numeros.length !== 11 || /^(\d)\1{10}$/.test(numeros)) return false;
  return comDigitosCpf(numeros.slice(0, 9)) === numeros;
}

/** Digits with the mask's separators at most: markup, letters or other symbols make a CPF or phone invalid. */
function soMascara(texto, separadores) {
  return typeof texto === 'string' && texto.length <= 20 && separadores.test(texto);
}

/**
 * A Brazilian mobile, as the browser checks it: DDD 11-99 without a 0, then the ninth digit 9, written with digits,
 * parentheses, hyphens and spaces at most ('+55', dots or letters make it invalid).
 */
function celularValido(texto) {
  return soMascara(texto, /^[\d()\- ]*$/) && /^[1-9][1-9]9\d{8}$/.test(digitos(texto));
}

/** The name as stored: Unicode NFC, any whitespace (line breaks, tabs) one space, trimmed. */
function normalizarNome(texto) {
  return String(texto || '')
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Letters (accents included), spaces, apostrophes and hyphens only: what a person's name is written with. */
function soLetrasDeNome(nome) {
  return /^(?:\p{L}\p{M}*|[ '’-])+$/u.test(nome);
}

/**
 * The pt-BR message for one of an applicant's names (requerentes.nome, sobrenome), or '' when it is fine: empty
 * (asked for at sending), or letters with spaces, apostrophes and hyphens, trimmed (no digits, no < or >). Not the
 * account's full-name rule (erroNome): a first name alone has fewer than 10 letters. `mensagens`: mensagens.json.
 */
function erroNomeProprio(texto, mensagens) {
  const nome = normalizarNome(texto);
  if (nome === '') return '';
  return soLetrasDeNome(nome) && /\p{L}/u.test(nome) ? '' : mensagens.nomeRequerenteInvalido;
}

/**
 * What no typed text holds: the C0 and C1 control characters and DEL (tab and line breaks apart, in CONTROLES_DE_LINHA),
 * Unicode's line and paragraph separators, and its invisible format and direction marks (Cf: the soft hyphen, the
 * Arabic letter mark, the Mongolian vowel separator, zero-width spaces and joiners, LRM/RLM, the embeddings and
 * overrides, the isolates, word joiner and invisible operators, the deprecated shaping marks, the BOM, the
 * interlinear annotations, the tag characters): a right-to-left override shows text reversed on staff's screens, in
 * e-mails and on the consulate's form. Ranges, not \p{Cf}: one pattern both runtimes read alike.
 */
const INVISIVEIS =
  // eslint-disable-next-line no-control-regex -- matching control characters is this rule's point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u2028-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]|\uDB40[\uDC00-\uDC7F]/;
const CONTROLES_DE_LINHA = /[\t\n\r]/;

/**
 * The pt-BR message for a text holding a character INVISIVEIS names, or a tab or line break in a field of one line
 * (`multilinha` false), else ''. `mensagens`: mensagens.json. Both runtimes' hooks and the form ask it.
 */
function erroInvisivel(texto, multilinha, mensagens) {
  const valor = String(texto === undefined || texto === null ? '' : texto);
  const ruim = INVISIVEIS.test(valor) || (!multilinha && CONTROLES_DE_LINHA.test(valor));
  return ruim ? mensagens.textoInvisivel : '';
}

/**
 * The pt-BR message for a full name the browser would not send, or '' when it is fine: letters (accents
 * included), spaces, apostrophes and hyphens; at least 10 letters; at most 120 characters. `mensagens`: the
 * field messages (mensagens.json).
 */
function erroNome(texto, mensagens) {
  const nome = normalizarNome(texto);
  if (nome === '') return mensagens.nomeObrigatorio;
  if (nome.length > 120) return mensagens.nomeLongo;
  if (!soLetrasDeNome(nome)) return mensagens.nomeInvalido;
  if ((nome.match(/\p{L}/gu) || []).length < 10) return mensagens.sobrenome;
  return '';
}

/**
 * The account's credentials: an e-mail of at most 254 characters (the longest an SMTP path holds) and a password
 * of 8 to 71 (PocketBase's default longest: bcrypt reads 72 bytes). The form and the kit's hooks both hold them.
 */
const CREDENCIAIS = { emailMax: 254, senhaMin: 8, senhaMax: 71 };

/** An address as the form takes it (zod's z.email() pattern), tested only within CREDENCIAIS.emailMax. */
const ENDERECO =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

function emailValido(texto) {
  return typeof texto === 'string' && texto.length <= CREDENCIAIS.emailMax && ENDERECO.test(texto);
}

/** 'Use no máximo 120 caracteres.': the forms' and the server's words for a text past its limit. */
function textoLongo(max) {
  return 'Use no máximo ' + max + ' caracteres.';
}

/**
 * The limit of each text field a request may write, from the collection's schema (pocketbase/schema.json, or the
 * collection PocketBase holds): { campo: max } for the text fields with a max, but the record id (`system`).
 * `campos`: [{ name, type, max, system }].
 */
function maximosDeTexto(campos) {
  const maximos = {};
  campos.forEach((campo) => {
    if (campo.type === 'text' && !campo.system && typeof campo.max === 'number' && campo.max > 0) {
      maximos[campo.name] = campo.max;
    }
  });
  return maximos;
}

/**
 * `erros` ({ campo: { code, message } }) with an error for each field of `valores` past its limit (`maximos`:
 * maximosDeTexto) that has none yet: counted in characters as PocketBase counts them, with PocketBase's code and
 * the form's pt-BR words, so a request that skips the form is answered as the form would answer.
 */
function errosDeTamanho(valores, maximos, erros) {
  Object.keys(maximos).forEach((campo) => {
    const valor = valores[campo];
    if (erros[campo] || valor === undefined || valor === null) return;
    if (Array.from(String(valor)).length > maximos[campo]) {
      erros[campo] = { code: 'validation_max_text_constraint', message: textoLongo(maximos[campo]) };
    }
  });
  return erros;
}

/**
 * Whether something done at most once every `intervaloMs`, last done at `anteriorMs` (0: never), may be done at
 * `agoraMs`: staff's alerts about one booking (a customer repeating a call in a loop reaches staff once meanwhile)
 * and the questions to Asaas about one charge (a page polling cannot make the server hammer Asaas). The kit keeps
 * `anteriorMs` in its app store (registros.js daVez), the double in memory (src/mocks/util.ts onceEvery).
 */
function vezLiberada(anteriorMs, agoraMs, intervaloMs) {
  return !anteriorMs || agoraMs - anteriorMs >= intervaloMs;
}

module.exports = {
  ARROBA,
  MAX_BUSCA,
  arroba,
  digitos,
  normalizar,
  textoBusca,
  termoBusca,
  chavesBusca,
  buscaIndexada,
  centavos,
  reais,
  parcelamento,
  validarPedido,
  comDigitosCpf,
  cpfValido,
  celularValido,
  normalizarNome,
  erroNome,
  erroNomeProprio,
  erroInvisivel,
  CREDENCIAIS,
  emailValido,
  textoLongo,
  maximosDeTexto,
  errosDeTamanho,
  vezLiberada,
};
