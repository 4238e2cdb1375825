// What a customer may write on an account, decided once for both runtimes: lib/contas.js (PocketBase's hooks on
// `usuarios`) and the demo double (src/mocks/contas.ts) hand it the body as PocketBase hands it to the hook and
// turn its errors into their answer. The checks it uses (`v`) are comum.js's erroNome, cpfValido, celularValido,
// emailValido and CREDENCIAIS with the field messages (mensagens.json): VERIFICACOES, which both runtimes pass (a
// test may pass others); scripts/build/kit-module.ts serves it to the app. Errors are { campo: { code, message } },
// {} when none; PocketBase ends each message with a full stop.
// Also an account's defences against guessing and e-mail floods: lib/seguranca.js and the double's limits.ts and
// auth.ts ask the same rules (below) with limites.json's figures; the lockout e-mail's words are email_texto.js's.

const comum = require(`${__hooks}/lib/comum.js`);
const MENSAGENS = require(`${__hooks}/lib/mensagens.json`);

/** The checks of both runtimes: comum.js's, with the field messages. */
const VERIFICACOES = {
  erroNome: (texto) => comum.erroNome(texto, MENSAGENS),
  cpfValido: comum.cpfValido,
  celularValido: comum.celularValido,
  emailValido: comum.emailValido,
  normalizarNome: comum.normalizarNome,
  digitos: comum.digitos,
  credenciais: comum.CREDENCIAIS,
  mensagens: MENSAGENS,
};

/** Fields a customer may change on their own record (the update rule refuses admin, verified, email, cpf, name). */
const EDITAVEIS = ['celular', 'password', 'passwordConfirm', 'oldPassword'];
/** Set by the server only: the staff flag, the verification, the search column and the record id. */
const DO_SERVIDOR = ['admin', 'verified', 'busca', 'id'];

const MSG = {
  proibido: 'Campo não permitido.',
  atendimento: 'Este dado só pode ser alterado pelo atendimento.',
};

const erro = (code, message) => ({ code: code, message: message });

/**
 * The password and its confirmation, as the form checks them: PocketBase's codes, the form's words (PocketBase's
 * own are English, and it took an e-mail of any length).
 */
function errosDaSenha(body, v) {
  const m = v.mensagens;
  const senha = body.password === undefined || body.password === null ? '' : String(body.password);
  const erros = {};
  if (senha === '') erros.password = erro('validation_required', m.senhaObrigatoria);
  else if (senha.length < v.credenciais.senhaMin)
    erros.password = erro('validation_min_text_constraint', m.senhaCurta);
  else if (senha.length > v.credenciais.senhaMax)
    erros.password = erro('validation_max_text_constraint', m.senhaLonga);
  if (String(body.passwordConfirm === undefined ? '' : body.passwordConfirm) !== senha) {
    erros.passwordConfirm = erro('validation_values_mismatch', m.senhasDiferentes);
  }
  return erros;
}

/**
 * The errors of the account's own fields in `campos` ('nome_completo', 'cpf', 'celular', 'email'), with the
 * browser's messages. `v`: { erroNome(texto), cpfValido(texto), celularValido(texto), emailValido(texto),
 * normalizarNome(texto), digitos(texto), credenciais, mensagens }.
 */
function errosDosCampos(body, campos, v) {
  const erros = {};
  const nome = campos.indexOf('nome_completo') >= 0 ? v.erroNome(body.nome_completo) : '';
  if (nome) erros.nome_completo = erro('validation_invalid_nome', nome);
  if (campos.indexOf('cpf') >= 0 && !v.cpfValido(body.cpf)) {
    erros.cpf = erro('validation_invalid_cpf', v.mensagens.cpfInvalido);
  }
  if (campos.indexOf('celular') >= 0 && !v.celularValido(body.celular)) {
    erros.celular = erro('validation_invalid_celular', v.mensagens.celularInvalido);
  }
  if (campos.indexOf('email') >= 0) {
    if (body.email === undefined || body.email === '') {
      erros.email = erro('validation_required', v.mensagens.emailObrigatorio);
    } else if (!v.emailValido(body.email))
      erros.email = erro('validation_is_email', v.mensagens.emailInvalido);
  }
  return erros;
}

/**
 * A registration's field errors: the name, the CPF, the phone, the e-mail and the password, and no field the
 * server sets; then one account per CPF: a valid CPF that has one (`cpfEmUso(texto)`, asked only then: the
 * adapter compares it as digits) sends whoever registers it again to password recovery.
 */
function errosDoCadastro(body, v, cpfEmUso) {
  const erros = Object.assign(
    errosDosCampos(body, ['nome_completo', 'cpf', 'celular', 'email'], v),
    errosDaSenha(body, v),
  );
  DO_SERVIDOR.forEach((campo) => {
    if (body[campo] !== undefined) erros[campo] = erro('validation_forbidden', MSG.proibido);
  });
  if (!erros.cpf && cpfEmUso(body.cpf)) {
    erros.cpf = erro('validation_cpf_taken', v.mensagens.cpfCadastrado);
  }
  return erros;
}

/**
 * A customer's edit of their own account, once the update rule has let it through: any field but the phone and
 * the password is support's (`busca`, `emailVisibility`, `id`, any unknown name), and a phone sent is checked.
 */
function errosDaAlteracao(body, v) {
  const erros = {};
  Object.keys(body).forEach((campo) => {
    if (EDITAVEIS.indexOf(campo) < 0) erros[campo] = erro('validation_forbidden', MSG.atendimento);
  });
  if (body.celular !== undefined) Object.assign(erros, errosDosCampos(body, ['celular'], v));
  if (body.password !== undefined) Object.assign(erros, errosDaSenha(body, v));
  return erros;
}

/**
 * An account's own fields as every save stores them, whatever the client or the admin screen sent: the name
 * normalised (comum.js normalizarNome), the CPF and the phone as digits. lib/contas.js normalizar (PocketBase's
 * onRecordCreate and onRecordUpdate on `usuarios`) and the double's one account save (src/mocks/contas.ts
 * saveAccount) write them. `conta`: { nome_completo, cpf, celular }; `v` as for errosDoCadastro.
 */
function contaGuardada(conta, v) {
  return {
    nome_completo: v.normalizarNome(conta.nome_completo),
    cpf: v.digitos(conta.cpf),
    celular: v.digitos(conta.celular),
  };
}

// ------------------------------------------------------------------ an account's defences (lib/seguranca.js)
// `bloqueio` and `emails` are limites.json's figures, which the kit and the double both load.

/** The key an account's failed logins are counted under, whichever IP they come from: the e-mail typed. */
function chaveDeLogin(identidade) {
  return String(identidade || '')
    .trim()
    .toLowerCase()
    .slice(0, 255);
}

/** An account with `falhas` failed logins within bloqueio.janelaMin is locked (429, whatever the password). */
function loginBloqueado(falhas, bloqueio) {
  return falhas >= bloqueio.falhas;
}

/** The failure that locks the account (`falhas` counted with it): its verified owner is e-mailed, once. */
function falhaQueBloqueia(falhas, bloqueio) {
  return falhas === bloqueio.falhas;
}

/**
 * Whether a mailbox may receive one more account e-mail: none of that kind within emails.intervaloMin minutes
 * (`doTipo`: how many it had) and fewer than emails.porDia in the last 24 hours (`doDia`).
 */
function emailLiberado(doTipo, doDia, emails) {
  return doTipo === 0 && doDia < emails.porDia;
}

module.exports = {
  VERIFICACOES,
  EDITAVEIS,
  DO_SERVIDOR,
  errosDoCadastro,
  errosDaAlteracao,
  contaGuardada,
  chaveDeLogin,
  loginBloqueado,
  falhaQueBloqueia,
  emailLiberado,
};
