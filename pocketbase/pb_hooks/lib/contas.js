// What a customer may write on their own account.

const regras = require(`${__hooks}/lib/regras.js`);

const VALIDACAO = 'An error occurred while validating the submitted data.';
// Fields a customer may change on their own record; the rest goes through support.
const EDITAVEIS = ['celular', 'password', 'passwordConfirm', 'oldPassword'];

function erro(code, message) {
  return new ValidationError(code, message);
}

function validarCampos(body, campos) {
  const erros = {};
  if (campos.indexOf('nome_completo') >= 0 && !regras.nomeValido(body.nome_completo)) {
    erros.nome_completo = erro('validation_invalid_nome', 'Nome completo inválido');
  }
  if (campos.indexOf('cpf') >= 0 && !regras.cpfValido(body.cpf)) {
    erros.cpf = erro('validation_invalid_cpf', 'CPF inválido');
  }
  if (campos.indexOf('celular') >= 0 && !regras.celularValido(body.celular)) {
    erros.celular = erro('validation_invalid_celular', 'Celular inválido');
  }
  return erros;
}

function lancar(erros) {
  if (Object.keys(erros).length > 0) throw new BadRequestError(VALIDACAO, erros);
}

function validarCadastro(e) {
  const body = e.requestInfo().body || {};
  const erros = validarCampos(body, ['nome_completo', 'cpf', 'celular']);
  // The staff flag, the verification and the search column are the server's to set.
  ['admin', 'verified', 'busca'].forEach((campo) => {
    if (body[campo] !== undefined) erros[campo] = erro('validation_forbidden', 'Campo não permitido.');
  });
  lancar(erros);
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

module.exports = { validarCadastro, validarAlteracao };
