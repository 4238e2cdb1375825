// The relay (issue #27): what the customer types on their standby page when staff ask for it (the Prenot@mi
// password or the 6-digit code), read at once by the staff member holding the case (realtime, under the
// collection's rules) and gone after RETRANSMISSAO_VIDA_S seconds (600 by default: dia_comum.js VIDA_PADRAO_S):
// never served once expired (the rules' `expira_em > @now`), then deleted by the cron with SQLite's secure_delete
// on and the WAL checkpointed and truncated, so its bytes leave the data files. The value never reaches a log, the
// history (which says "código recebido às 16:00:12"), an e-mail or the account export. The steps and their order
// are lib/retransmissao_fluxo.js's, which the demo double runs too; this file gives it PocketBase's records,
// transactions and secure deletion (its ports).

const historico = require(`${__hooks}/lib/historico.js`);

const comum = require(`${__hooks}/lib/dia_comum.js`);
const fluxo = require(`${__hooks}/lib/retransmissao_fluxo.js`);

/** How long a relayed value lives, in ms (RETRANSMISSAO_VIDA_S; dia_comum.js VIDA_PADRAO_S by default). */
function vidaMs() {
  const s = Number($os.getenv('RETRANSMISSAO_VIDA_S'));
  return (s > 0 ? s : comum.VIDA_PADRAO_S) * 1000;
}

/** A refusal retransmissao_fluxo.js decided ({ status, message, erros? }) as PocketBase's answer. */
function recusa(erro) {
  const campos = {};
  Object.keys(erro.erros || {}).forEach((campo) => {
    campos[campo] = new ValidationError(erro.erros[campo].code, erro.erros[campo].message);
  });
  return new ApiError(erro.status, erro.message, campos);
}

/**
 * The customer's write of a relayed value (`novo`: its first keystroke), as retransmissao_fluxo.js retransmitir
 * orders it. Its ports: the save in a transaction whose connection has secure_delete on (each rewrite of the value
 * while it is typed frees the previous one zeroed), the time it was finished on the handling and in the history.
 */
function escrever(e, novo) {
  const registro = e.record;
  const app = e.app;
  let tx = app;
  const portas = {
    pedido: () => app.findRecordById('atendimentos', registro.getString('atendimento')).getString('pedido'),
    transacao: (fazer) => {
      try {
        app.runInTransaction((t) => {
          t.db().newQuery('PRAGMA secure_delete = ON').execute();
          tx = t;
          e.app = t;
          fazer();
        });
      } finally {
        e.app = app;
        tx = app;
      }
    },
    salvar: (campos) => {
      registro.load(campos);
      e.next();
    },
    entregue: (campos) => {
      const atendimento = tx.findRecordById('atendimentos', registro.getString('atendimento'));
      atendimento.load(campos);
      tx.save(atendimento);
    },
    nota: (texto) =>
      historico.registrarNota(tx, registro.getString('agendamento'), 'prenotami', texto, e.auth),
  };
  const feito = fluxo.retransmitir(
    portas,
    novo,
    {
      tipo: registro.getString('tipo'),
      valor: registro.getString('valor'),
      enviado_em: registro.getString('enviado_em'),
      expira_em: registro.getString('expira_em'),
    },
    (e.requestInfo().body || {}).enviar,
    Date.now(),
    vidaMs(),
    e.hasSuperuserAuth(),
  );
  if (feito.erro) throw recusa(feito.erro);
}

/**
 * The customer's first keystroke after staff asked: only what is asked now; the server sets its lifetime (a
 * superuser, the admin screen and the tests' fixtures, may set it; nobody else can: the create rule).
 */
function criar(e) {
  escrever(e, true);
}

/** Each keystroke after: the value checked for its kind, its end recorded as a time (never the value). */
function gravar(e) {
  escrever(e, false);
}

const PENDENTE = 'retransmissoes_checkpoint_pendente';

/**
 * retransmissao_fluxo.js's port `apagar` in `tx`: the relayed values `onde` says ({ atendimento } or
 * { expiradosAte }) overwritten, then deleted with secure_delete on (their cells zeroed), the WAL's checkpoint left
 * pending when any was. Returns how many were deleted.
 */
function apagador(tx) {
  return (onde) => {
    const filtro = onde.atendimento !== undefined ? 'atendimento = {:v}' : 'expira_em <= {:v}';
    const valor = { v: onde.atendimento !== undefined ? onde.atendimento : onde.expiradosAte };
    tx.db().newQuery('PRAGMA secure_delete = ON').execute();
    // Overwritten before the delete too, in case a page is copied elsewhere before SQLite frees it.
    tx.db()
      .newQuery("UPDATE retransmissoes SET valor = '' WHERE " + filtro)
      .bind(valor)
      .execute();
    const apagados = tx
      .db()
      .newQuery('DELETE FROM retransmissoes WHERE ' + filtro)
      .bind(valor)
      .execute()
      .rowsAffected();
    if (apagados > 0) tx.store().set(PENDENTE, true);
    return apagados;
  };
}

/**
 * Deletes every expired value (retransmissao_fluxo.js expirar, in one transaction), then checkpoints the WAL and
 * truncates it, so neither the data file nor the WAL keeps the bytes. Returns how many were deleted.
 */
function limpar(app) {
  let apagados = 0;
  app.runInTransaction((tx) => {
    apagados = fluxo.expirar({ apagar: apagador(tx) }, Date.now());
  });
  // The checkpoint also runs while an earlier one could not finish (a reader held the WAL), until one does.
  const store = app.store();
  if (apagados > 0 || store.get(PENDENTE)) {
    store.set(PENDENTE, !truncarWal(app));
  }
  return apagados;
}

/**
 * Deletes what was relayed on a case nobody holds any more (lib/remarcar.js, Flex and the consulate's
 * cancellation; lib/dia.js soltar runs retransmissao_fluxo.js mover with `apagador`), in that transaction: it was
 * for them alone, and whoever takes the case next asks again. The WAL is checkpointed and truncated by the cron's
 * next run. Returns how many were deleted.
 */
function apagarDoAtendimento(tx, atendimentoId) {
  return apagador(tx)({ atendimento: atendimentoId });
}

/**
 * Checkpoints the WAL and truncates it, so no older copy of a deleted page stays in it; tries again for a few
 * seconds while a reader holds it. True when the WAL was emptied.
 */
function truncarWal(app) {
  for (let vez = 0; vez < 20; vez++) {
    try {
      const r = new DynamicModel({ busy: 0, log: 0, checkpointed: 0 });
      app.db().newQuery('PRAGMA wal_checkpoint(TRUNCATE)').one(r);
      if (!r.busy) return true;
    } catch (err) {
      console.warn('Checkpoint após apagar retransmissões: ' + err);
    }
    sleep(250);
  }
  console.warn('Checkpoint após apagar retransmissões adiado: WAL em uso; a próxima execução tenta de novo.');
  return false;
}

module.exports = { vidaMs, recusa, criar, gravar, limpar, apagador, apagarDoAtendimento };
