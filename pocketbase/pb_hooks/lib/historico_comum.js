// What a booking's history records of a change, decided once for both runtimes: lib/historico.js (the kit, over
// records; the demo double runs it too, through src/mocks/jsvm) and the demo double's own entries (over plain
// objects). CommonJS requiring nothing: the fields (regras.json camposHistorico) and the way a value is read as the
// stored text are passed in.

/**
 * [{campo, de, para}] for the fields of `campos` whose stored text differs between `antes` and `depois`, each read
 * by `texto(registro, campo)`; [] when none changed (a save that records nothing).
 */
function alteracoes(campos, antes, depois, texto) {
  return campos
    .filter((campo) => texto(antes, campo) !== texto(depois, campo))
    .map((campo) => ({ campo: campo, de: texto(antes, campo), para: texto(depois, campo) }));
}

/**
 * Who an entry names as its author, {autor, autor_nome}: `quem` is { id, nome } of an account (usuarios), or
 * { superusuario: e-mail } of a superuser (the admin screen: no relation, named by its e-mail), or null for the
 * server itself, named `sistema` (regras.json autorSistema).
 */
function autoria(quem, sistema) {
  if (!quem) return { autor: '', autor_nome: sistema };
  if (quem.superusuario !== undefined) return { autor: '', autor_nome: 'Superusuário ' + quem.superusuario };
  return { autor: quem.id, autor_nome: quem.nome };
}

/**
 * What an entry records of the e-mail its change sent: `envio` { para, enviado, assunto } (lib/emails.js's
 * answer) as the entry's fields, ENVIADO or FALHOU.
 */
function camposDoEmail(envio) {
  return {
    email_para: envio.para,
    email_status: envio.enviado ? 'ENVIADO' : 'FALHOU',
    email_assunto: envio.assunto,
  };
}

module.exports = { alteracoes, autoria, camposDoEmail };
