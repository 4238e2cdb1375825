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

/**
 * The daily job: customer accounts whose e-mail was not confirmed within regras.json contaNaoVerificadaDias of their
 * registration are deleted, with their data (LGPD: their purpose is gone) and so their CPF and e-mail may register
 * again (one account per CPF would otherwise let anyone hold someone else's). One by one through the app, so the
 * cascades and hooks run; an account something still holds (a relation without cascade) is logged and kept.
 */
function excluirNaoVerificadas(app) {
  const dias = regras.R.contaNaoVerificadaDias;
  const limite = new Date(Date.now() - dias * 86400000).toISOString().replace('T', ' ');
  const contas = app.findRecordsByFilter(
    'usuarios',
    'verified = false && admin = false && created < {:limite}',
    'created',
    0,
    0,
    { limite: limite },
  );
  let excluidas = 0;
  contas.forEach((conta) => {
    let excluida = false;
    try {
      app.runInTransaction((tx) => {
        // Read again in the transaction: an owner who confirmed since the list was read keeps the account.
        const atual = tx.findRecordById('usuarios', conta.id);
        if (atual.verified() || atual.getBool('admin')) return;
        // A deletion request asks for this very deletion, and its required relation would hold the account.
        tx.findRecordsByFilter('solicitacoes_exclusao', 'usuario = {:u}', '', 0, 0, { u: atual.id }).forEach(
          (pedido) => tx.delete(pedido),
        );
        tx.delete(atual);
        excluida = true;
      });
    } catch (err) {
      excluida = false;
      console.error('Conta não confirmada ' + conta.id + ' não excluída: ' + err);
    }
    if (excluida) excluidas++;
  });
  return excluidas;
}

module.exports = { validarCadastro, validarAlteracao, normalizar, excluirNaoVerificadas };
