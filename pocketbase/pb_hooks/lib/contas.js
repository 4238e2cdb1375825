// What a customer may write on their own account, checked with the browser's pt-BR field messages, and
// stored normalised whatever the client sent (contas_comum.js contaGuardada, on every save).

const regras = require(`${__hooks}/lib/regras.js`);
const { achar } = require(`${__hooks}/lib/registros.js`);

// What the customer may write is decided once for the server and the demo double (contas_comum.js).
const contasComum = require(`${__hooks}/lib/contas_comum.js`);

const VALIDACAO = 'An error occurred while validating the submitted data.';
const VERIFICACOES = contasComum.VERIFICACOES;

function lancar(erros) {
  const campos = Object.keys(erros);
  if (campos.length === 0) return;
  const dados = {};
  campos.forEach((campo) => (dados[campo] = new ValidationError(erros[campo].code, erros[campo].message)));
  throw new BadRequestError(VALIDACAO, dados);
}

function validarCadastro(e) {
  const body = e.requestInfo().body || {};
  lancar(
    contasComum.errosDoCadastro(
      body,
      VERIFICACOES,
      (cpf) => !!achar(e.app, 'usuarios', 'cpf = {:c}', { c: regras.soDigitos(cpf) }),
    ),
  );
  // One account per mailbox: CLIENTE@… for a registered cliente@… is the same address. The e-mail's index compares
  // without case (migration 1763919000_email_sem_caixa), so the insert would fail anyway; asked first, it gets
  // PocketBase's own taken-e-mail answer (the app says 'e-mail já cadastrado').
  if (achar(e.app, 'usuarios', 'email:lower = {:e}', { e: String(body.email).toLowerCase() })) {
    throw new BadRequestError('Failed to create record.', {
      email: new ValidationError('validation_not_unique', 'Value must be unique.'),
    });
  }
}

function validarAlteracao(e) {
  lancar(contasComum.errosDaAlteracao(e.requestInfo().body || {}, VERIFICACOES));
}

/** Every save, from the API or the admin screen: the fields as contas_comum.js contaGuardada stores them. */
function normalizar(registro) {
  const campos = {};
  ['nome_completo', 'cpf', 'celular'].forEach((campo) => (campos[campo] = registro.getString(campo)));
  registro.load(contasComum.contaGuardada(campos, VERIFICACOES));
}

module.exports = { validarCadastro, validarAlteracao, normalizar };
