// The relay (issue #27): what the customer types on their standby page when staff ask for it (the Prenot@mi
// password or the 6-digit code), read at once by the staff member holding the case (realtime, under the
// collection's rules) and gone after RETRANSMISSAO_VIDA_S seconds (600 by default: dia_comum.js VIDA_PADRAO_S):
// never served once expired (the rules' `expira_em > @now`), then deleted by the cron with SQLite's
// secure_delete on and the WAL checkpointed and truncated, so its bytes leave the data files. The value never reaches a log, the history (which says
// "código recebido às 16:00:12"), an e-mail or the account export.

const janelas = require(`${__hooks}/lib/janelas.js`);
const historico = require(`${__hooks}/lib/historico.js`);

const comum = require(`${__hooks}/lib/dia_comum.js`);

const VALIDACAO = 'An error occurred while validating the submitted data.';

/** How long a relayed value lives, in ms (RETRANSMISSAO_VIDA_S; dia_comum.js VIDA_PADRAO_S by default). */
function vidaMs() {
  const s = Number($os.getenv('RETRANSMISSAO_VIDA_S'));
  return (s > 0 ? s : comum.VIDA_PADRAO_S) * 1000;
}

function pbData(ms) {
  return new Date(ms).toISOString().replace('T', ' ');
}

/** The value checked for its kind (dia_comum.js). */
function validar(registro) {
  const motivo = comum.motivoValor(registro.getString('tipo'), registro.getString('valor'));
  if (motivo)
    throw new BadRequestError(VALIDACAO, { valor: new ValidationError('validation_invalid_valor', motivo) });
}

/**
 * Runs the save in a transaction whose connection has secure_delete on (each rewrite of the value while it is
 * typed frees the previous one zeroed), then records the time it was finished, never the value.
 */
function gravar(e) {
  validar(e.record);
  const agora = Date.now();
  const fim = comum.fimDaRetransmissao(
    {
      tipo: e.record.getString('tipo'),
      valor: e.record.getString('valor'),
      enviado_em: e.record.getString('enviado_em'),
    },
    (e.requestInfo().body || {}).enviar,
    pbData(agora),
    janelas.horaLocal(agora, janelas.FUSO_PADRAO, true),
  );
  if (fim) e.record.load(fim.retransmissao);
  const app = e.app;
  app.runInTransaction((tx) => {
    tx.db().newQuery('PRAGMA secure_delete = ON').execute();
    e.app = tx;
    e.next();
    if (fim) {
      // When it was handed over (the value itself is deleted minutes later): the guarantee's clock reads it.
      const atendimento = tx.findRecordById('atendimentos', e.record.getString('atendimento'));
      atendimento.load(fim.atendimento);
      tx.save(atendimento);
      historico.registrarNota(tx, e.record.getString('agendamento'), 'prenotami', fim.nota, e.auth);
    }
  });
  e.app = app;
}

/** The customer's first keystroke after staff asked: only what is asked now; the server sets its lifetime. */
function criar(e) {
  const atendimento = e.app.findRecordById('atendimentos', e.record.getString('atendimento'));
  const recusa = comum.recusaDaRetransmissao(atendimento.getString('pedido'), e.record.getString('tipo'));
  if (recusa && !e.hasSuperuserAuth()) throw new ApiError(recusa.status, recusa.message, {});
  // A superuser (the admin screen, the tests' fixtures) may set it; nobody else can (the create rule).
  if (!e.hasSuperuserAuth() || !e.record.getString('expira_em')) {
    e.record.set('expira_em', pbData(Date.now() + vidaMs()));
  }
  e.record.set('enviado_em', '');
  gravar(e);
}

/**
 * Deletes every expired value with secure_delete on (its cells zeroed), then checkpoints the WAL and truncates
 * it, so neither the data file nor the WAL keeps the bytes. Returns how many were deleted.
 */
function limpar(app) {
  let apagados = 0;
  const agora = pbData(Date.now());
  app.runInTransaction((tx) => {
    tx.db().newQuery('PRAGMA secure_delete = ON').execute();
    // Overwritten before the delete too, in case a page is copied elsewhere before SQLite frees it.
    tx.db()
      .newQuery("UPDATE retransmissoes SET valor = '' WHERE expira_em <= {:agora}")
      .bind({ agora: agora })
      .execute();
    apagados = tx
      .db()
      .newQuery('DELETE FROM retransmissoes WHERE expira_em <= {:agora}')
      .bind({ agora: agora })
      .execute()
      .rowsAffected();
  });
  // The checkpoint also runs while an earlier one could not finish (a reader held the WAL), until one does.
  const store = app.store();
  if (apagados > 0 || store.get(PENDENTE)) {
    store.set(PENDENTE, !truncarWal(app));
  }
  return apagados;
}

const PENDENTE = 'retransmissoes_checkpoint_pendente';

/**
 * Deletes what was relayed on a case nobody holds any more (lib/dia.js soltar; lib/remarcar.js, Flex and the
 * consulate's cancellation), in that transaction: it was
 * for them alone, and whoever takes the case next asks again. Overwritten, then deleted with secure_delete on,
 * as `limpar` does; the WAL is checkpointed and truncated by the cron's next run. Returns how many were deleted.
 */
function apagarDoAtendimento(tx, atendimentoId) {
  tx.db().newQuery('PRAGMA secure_delete = ON').execute();
  tx.db()
    .newQuery("UPDATE retransmissoes SET valor = '' WHERE atendimento = {:a}")
    .bind({ a: atendimentoId })
    .execute();
  const apagados = tx
    .db()
    .newQuery('DELETE FROM retransmissoes WHERE atendimento = {:a}')
    .bind({ a: atendimentoId })
    .execute()
    .rowsAffected();
  if (apagados > 0) tx.store().set(PENDENTE, true);
  return apagados;
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

module.exports = { vidaMs, validar, criar, gravar, limpar, apagarDoAtendimento };
