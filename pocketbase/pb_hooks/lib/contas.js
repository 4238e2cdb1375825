// What a customer may write on their own account, checked with the browser's pt-BR field messages, and
// stored normalised whatever the client sent.

const regras = require(`${__hooks}/lib/regras.js`);
const { achar } = require(`${__hooks}/lib/registros.js`);

const VALIDACAO = 'An error occurred while validating the submitted data.';
const M = regras.CAMPOS;
// Fields a customer may change on their own record; the rest goes through support.
const EDITAVEIS = ['celular', 'password', 'passwordConfirm', 'oldPassword'];
// Set by the server only: the staff flag, the verification, the search column and the record id.
const DO_SERVIDOR = ['admin', 'verified', 'busca', 'id'];

function erro(code, message) {
  return new ValidationError(code, message);
}

function validarCampos(body, campos) {
  const erros = {};
  if (campos.indexOf('nome_completo') >= 0) {
    const mensagem = regras.erroNome(body.nome_completo);
    if (mensagem) erros.nome_completo = erro('validation_invalid_nome', mensagem);
  }
  if (campos.indexOf('cpf') >= 0 && !regras.cpfValido(body.cpf)) {
    erros.cpf = erro('validation_invalid_cpf', M.cpfInvalido);
  }
  if (campos.indexOf('celular') >= 0 && !regras.celularValido(body.celular)) {
    erros.celular = erro('validation_invalid_celular', M.celularInvalido);
  }
  return erros;
}

function lancar(erros) {
  if (Object.keys(erros).length > 0) throw new BadRequestError(VALIDACAO, erros);
}

function validarCadastro(e) {
  const body = e.requestInfo().body || {};
  const erros = validarCampos(body, ['nome_completo', 'cpf', 'celular']);
  DO_SERVIDOR.forEach((campo) => {
    if (body[campo] !== undefined) erros[campo] = erro('validation_forbidden', 'Campo não permitido.');
  });
  // One account per CPF: whoever registers it again is sent to password recovery.
  if (!erros.cpf && achar(e.app, 'usuarios', 'cpf = {:c}', { c: regras.soDigitos(body.cpf) })) {
    erros.cpf = erro('validation_cpf_taken', M.cpfCadastrado);
  }
  lancar(erros);
  e.record.set('nome_completo', regras.normalizarNome(body.nome_completo));
}

function validarAlteracao(e) {
  const body = e.requestInfo().body || {};
  const erros = {};
  Object.keys(body).forEach((campo) => {
    if (EDITAVEIS.indexOf(campo) < 0) {
      erros[campo] = erro('validation_forbidden', 'Este dado só pode ser alterado pelo atendimento.');
    }
  });
  if (body.celular !== undefined) Object.assign(erros, validarCampos(body, ['celular']));
  lancar(erros);
}

/** Every save, from the API or the admin screen: CPF and phone as digits only. */
function normalizar(registro) {
  registro.set('cpf', regras.soDigitos(registro.getString('cpf')));
  registro.set('celular', regras.soDigitos(registro.getString('celular')));
}

module.exports = { validarCadastro, validarAlteracao, normalizar };
