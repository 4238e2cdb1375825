// A booking's change as the server makes it, in its order of steps, written once: staff's save (checked, refused
// from a stale copy, stored with its history entry in one transaction, the customer told after the commit) and what
// every change of status leaves after its commit (the status e-mail, recorded on the history entry; its failure
// never undoes the change). agenda_comum.js, processo_comum.js and historico_comum.js decide each step. Records are
// read and written by the caller's "ports" (plain functions): lib/agenda.js and lib/emails_status.js give PocketBase's
// records and transactions (the demo double runs both, through src/mocks/jsvm). CommonJS requiring only other rules
// modules (scripts/build/kit-module.ts serves it to the app).
//
// The ports (agenda_fluxo.d.ts):
//   The status e-mail's (avisar): enviar() (the e-mail of the booking's status sent to its owner: { para, enviado,
//     assunto }, or null when its status has none), anotar(entrada, envio) (recorded on the history entry:
//     historico_comum.js camposDoEmail), falha(erro) (logged).
//   Staff's save (salvar), besides those: pedido() (the request as agenda_comum.js errosDaAlteracao reads it:
//     { enviados, antes, depois, caso }, or null when it is not checked: a superuser's, PocketBase's admin screen),
//     tamanhos(erros) (those errors and each text sent past the schema's limit: comum.js errosDeTamanho),
//     transacao(passos) (runs `passos(tx)` in one transaction and returns its answer; `tx`: ler() the booking as
//     stored now, gravar(mudar) stores the request's values with the fields `mudar(those values)` gives over them
//     and returns the booking's values after, registrar() the history entry of the change, or null when no recorded
//     field changed). A booking's values: at least status_agendamento, nota_cliente, updated.
//
// salvar returns { erro: { http, message?, campos? } } (nothing was stored) or { resposta: the booking's values }.

const comum = require(`${__hooks}/lib/agenda_comum.js`);
const processo = require(`${__hooks}/lib/processo_comum.js`);
const R = require(`${__hooks}/lib/regras.json`);

/**
 * After a change of a booking is committed: when it moved the status and left a history entry (`entrada`), the
 * customer's status e-mail, recorded on that entry. A failure is handed to `falha` and never undoes the change.
 * Returns what was sent ({ para, enviado, assunto }) or null.
 */
function avisar(portas, entrada, mudou) {
  if (!entrada || !mudou) return null;
  try {
    const envio = portas.enviar();
    if (envio) portas.anotar(entrada, envio);
    return envio;
  } catch (err) {
    portas.falha(err);
    return null;
  }
}

/**
 * A staff save: the request's fields checked (400), then in one transaction the booking read as stored now (where
 * writes are serialised, so two saves of the same copy cannot both pass), refused when it changed since the editor
 * read it (`cabecalho`, the If-Match header: 409), stored with the note to the customer kept to the status it was
 * written for (processo_comum.js notaDoStatus) and its history entry; after the commit, the status e-mail (avisar).
 */
function salvar(portas, cabecalho) {
  const pedido = portas.pedido();
  const erros = pedido
    ? portas.tamanhos(comum.errosDaAlteracao(pedido.enviados, pedido.antes, pedido.depois, pedido.caso))
    : {};
  if (Object.keys(erros).length > 0) return { erro: { http: 400, campos: erros } };
  const versao = comum.versaoEsperada(cabecalho);
  const feito = portas.transacao((tx) => {
    const antes = tx.ler();
    if (versao !== '' && antes.updated !== versao)
      return { erro: { http: 409, message: R.conflitoDeEdicao } };
    const depois = tx.gravar((novos) => ({
      nota_cliente: processo.notaDoStatus(
        antes.status_agendamento,
        antes.nota_cliente || '',
        novos.status_agendamento,
        novos.nota_cliente || '',
      ),
    }));
    return { antes: antes, depois: depois, entrada: tx.registrar() };
  });
  if (feito.erro) return { erro: feito.erro };
  avisar(portas, feito.entrada, feito.antes.status_agendamento !== feito.depois.status_agendamento);
  return { resposta: feito.depois };
}

module.exports = { avisar, salvar };
