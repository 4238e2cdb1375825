// The booking day's code relay, in its order of steps, written once: staff taking a case, asking for access or a
// code, letting the case go (what was relayed to them deleted), the owner's "Estou pronto"; the customer typing the
// value (its lifetime set by the server, its end recorded as a time, never the value); the expired values deleted.
// The order is what keeps a value for the staff member holding the case alone; dia_comum.js decides each step.
// Records are read and written by the caller's "ports" (plain functions): lib/dia.js and lib/retransmissao.js give
// PocketBase's records, transactions and secure deletion, the demo double (src/mocks/dia.ts, dia-relay.ts) its rows.
// CommonJS requiring only other rules modules (scripts/build/kit-module.ts serves it to the app).
//
// The ports (retransmissao_fluxo.d.ts):
//   For a move of the case (mover): agendamento() the booking of the route ({ id, usuario, status_agendamento }) or
//     null; atendimento(agendamento) its handling ({ id, responsavel, responsavel_nome }), made when first needed;
//     gravar(atendimento, valores) the handling written, returned as the answer shows it; apagar({ atendimento })
//     what was relayed on it deleted; nota(agendamentoId, campo, texto) a history line by whoever asks. The caller
//     runs it in one transaction and keeps nothing of it when it returns { erro }.
//   For a relayed value (retransmitir): pedido() what the handling asks now (a new value only); transacao(fazer)
//     runs `fazer` with every write in one transaction (the kit: secure_delete on, so every rewrite of the value
//     frees the previous one zeroed); salvar(campos) the value written with `campos` (its typed value, when
//     given, too); entregue(campos) written on its handling; nota(texto) a history line on its booking.
//   To delete: apagar(onde) deletes the relayed values `onde` says ({ atendimento: id } or { expiradosAte: the
//     instant as the store keeps it }), returning how many; the kit overwrites and deletes with secure_delete on.
//
// Each flow returns { erro: { status, message, erros? } } (erros: field errors { campo: { code, message } }) or
// what it did.

const comum = require(`${__hooks}/lib/dia_comum.js`);
const janelas = require(`${__hooks}/lib/janelas.js`);

/** PocketBase's message for a 400 with field errors. */
const VALIDACAO = 'An error occurred while validating the submitted data.';

/** An instant as PocketBase stores it ('2026-12-01 12:00:00.000Z'). */
function pbData(ms) {
  return new Date(ms).toISOString().replace('T', ' ');
}

/** The time São Paulo reads at `ms`, as the history says it ('16:00:12'). */
function hora(ms) {
  return janelas.horaLocal(ms, janelas.FUSO_PADRAO, true);
}

function invalido(erros) {
  return Object.keys(erros).length > 0 ? { erro: { status: 400, message: VALIDACAO, erros: erros } } : null;
}

/**
 * One move of a booking's handling ('assumir', 'soltar', 'pedir' with `tipo` senha | codigo | '', the owner's
 * 'pronto'), by `quem` ({ id, nome }); `dono`: for 'pronto', who must own the booking. Who may ask for the others
 * (staff) is the caller's check. The kind asked is checked, then the booking (404, anyone else's too), then the move
 * (dia_comum.js acaoDoAtendimento) written on the handling; left held by nobody, what the customer relayed to its
 * holder is deleted (whoever takes the case next asks again); what was asked goes into the history. Returns
 * { erro } or { atendimento } (gravar's).
 */
function mover(portas, acao, tipo, quem, agoraMs) {
  const recusado = acao === 'pedir' ? invalido(comum.errosDoPedido(tipo)) : null;
  if (recusado) return recusado;
  const agendamento = portas.agendamento();
  if (!agendamento || (acao === 'pronto' && agendamento.usuario !== quem.id)) {
    return { erro: { status: 404, message: comum.MSG.naoEncontrado } };
  }
  const atual = portas.atendimento(agendamento);
  const pronto = agendamento.status_agendamento === 'ANALISE_OK';
  const passo = comum.acaoDoAtendimento(acao, atual, pronto, quem, tipo, pbData(agoraMs));
  if (passo.erro) return { erro: passo.erro };
  const atendimento = portas.gravar(atual, passo.valores);
  // What the customer relayed to the holder who lets the case go is nobody else's to read.
  if (comum.semResponsavel(passo.valores)) portas.apagar({ atendimento: atual.id });
  const nota = comum.notaDoPasso(acao, tipo, hora(agoraMs));
  if (nota) portas.nota(agendamento.id, 'prenotami', nota);
  return { atendimento: atendimento };
}

/**
 * The customer writes a relayed value: `novo` its first keystroke after staff asked (only the kind asked now:
 * 409), then each one. `registro`: { tipo, valor, enviado_em, expira_em } as the write leaves it; `enviar`: the
 * body's ('Enviar' for the password); `vidaMs`: how long a new value lives (RETRANSMISSAO_VIDA_S); `superusuario`:
 * the admin screen and the tests' fixtures, who may relay anything and set its lifetime. The value is checked for
 * its kind (400), then saved; its end (a code's 6th digit, 'Enviar') writes, in that transaction, when it was handed
 * over on the value and the handling, and a history line that never holds the value. Returns { erro } or
 * { campos } (what the server set on the value).
 */
function retransmitir(portas, novo, registro, enviar, agoraMs, vidaMs, superusuario) {
  const campos = {};
  if (novo) {
    const recusa = comum.recusaDaRetransmissao(portas.pedido(), registro.tipo);
    if (recusa && !superusuario) return { erro: recusa };
    if (!superusuario || !registro.expira_em) campos.expira_em = pbData(agoraMs + vidaMs);
    campos.enviado_em = '';
  }
  const motivo = comum.motivoValor(registro.tipo, registro.valor);
  if (motivo) return invalido({ valor: { code: 'validation_invalid_valor', message: motivo } });
  const fim = comum.fimDaRetransmissao(
    { tipo: registro.tipo, valor: registro.valor, enviado_em: novo ? '' : registro.enviado_em },
    enviar,
    pbData(agoraMs),
    hora(agoraMs),
  );
  if (fim) Object.assign(campos, fim.retransmissao);
  portas.transacao(() => {
    portas.salvar(campos);
    if (fim) {
      // When it was handed over (the value itself is deleted minutes later): the guarantee's clock reads it.
      portas.entregue(fim.atendimento);
      portas.nota(fim.nota);
    }
  });
  return { campos: campos };
}

/** Deletes every value expired at `agoraMs` (never served once expired: the rules' `expira_em > @now`). */
function expirar(portas, agoraMs) {
  return portas.apagar({ expiradosAte: pbData(agoraMs) });
}

module.exports = { mover, retransmitir, expirar, pbData };
