// Staff's save of a booking: its steps are lib/agenda_fluxo.js's (what staff may write, agenda_comum.js; the
// history entry in the same transaction; the customer's status e-mail after the commit); this file supplies
// PocketBase's records and transaction.

const regras = require(`${__hooks}/lib/regras.js`);
const historico = require(`${__hooks}/lib/historico.js`);
const registros = require(`${__hooks}/lib/registros.js`);

const VALIDACAO = 'An error occurred while validating the submitted data.';

/** What agenda_fluxo.js reads of a booking record. */
const valores = (r) => ({
  status_agendamento: r.getString('status_agendamento'),
  hora_agendamento: r.getString('hora_agendamento'),
  data_agendamento: r.getString('data_agendamento'),
  nota_cliente: r.getString('nota_cliente'),
  updated: r.getString('updated'),
});

/** The request as agenda_comum.js errosDaAlteracao reads it: the fields sent, the record before and after. */
function pedido(e) {
  return {
    enviados: Object.keys(e.requestInfo().body || {}),
    antes: valores(e.record.original()),
    depois: valores(e.record),
    caso: caso(e.app, e.record.id),
  };
}

/**
 * The booking's case as agenda_comum.js errosDaAlteracao asks it, each part read only when asked: São Paulo's day,
 * whether its documents are approved, its applicants and their active appointments (lib/dia.js compromissosDe).
 */
function caso(app, agendamentoId) {
  return {
    hoje: regras.hojeSaoPaulo(),
    aprovado: () => casoAprovado(app, agendamentoId),
    requerentes: () =>
      app
        .findRecordsByFilter('requerentes', 'agendamento = {:a}', 'created', 0, 0, { a: agendamentoId })
        .map((r) => r.id),
    compromissos: () =>
      require(`${__hooks}/lib/dia.js`)
        .compromissosDe(app, agendamentoId)
        .map((c) => ({
          requerentes: c.getStringSlice('requerentes'),
          data: c.getString('data'),
          hora: c.getString('hora'),
        })),
  };
}

/**
 * ANALISE_OK is for a case whose every document of every applicant is approved. A booking without a case file
 * (no applicant: one from before the case file existed) keeps the editor's say.
 */
function casoAprovado(app, agendamentoId) {
  if (app.countRecords('requerentes', $dbx.hashExp({ agendamento: agendamentoId })) === 0) return true;
  return (
    require(`${__hooks}/lib/processo_resumo.js`).calcular(app, agendamentoId).documentacao === 'aprovada'
  );
}

/**
 * A staff save, in agenda_fluxo.js's order (pt-BR field errors: 400; a stale copy, If-Match: 409; stored with
 * its history entry in one transaction, then the status e-mail); a superuser's request is not checked. The ports:
 * this request's record, the stored one read inside the transaction, lib/historico.js and lib/emails_status.js.
 */
function salvar(e) {
  const app = e.app;
  const auth = e.requestInfo().auth;
  let guardado = null;
  const portas = Object.assign(require(`${__hooks}/lib/emails_status.js`).portasDoAviso(app, e.record), {
    pedido: () => (e.hasSuperuserAuth() ? null : pedido(e)),
    tamanhos: (erros) => registros.errosDeTamanho(e.record, erros),
    transacao: (passos) => {
      let resposta = null;
      app.runInTransaction((tx) => {
        e.app = tx;
        resposta = passos({
          ler: () => valores((guardado = tx.findRecordById('agendamentos', e.record.id))),
          gravar: (mudar) => {
            e.record.load(mudar(valores(e.record)));
            e.next();
            return valores(e.record);
          },
          registrar: () => historico.registrarAlteracao(tx, guardado, e.record, auth),
        });
      });
      e.app = app;
      return resposta;
    },
  });
  const feito = require(`${__hooks}/lib/agenda_fluxo.js`).salvar(portas, e.requestInfo().headers['if_match']);
  if (feito.erro && feito.erro.http === 409) throw new ApiError(409, feito.erro.message, {});
  if (feito.erro) {
    const validacao = {};
    Object.keys(feito.erro.campos).forEach((campo) => {
      validacao[campo] = new ValidationError(feito.erro.campos[campo].code, feito.erro.campos[campo].message);
    });
    throw new BadRequestError(VALIDACAO, validacao);
  }
}

module.exports = { salvar };
