// The guarantee the business can switch on (issue #29 item 4; GARANTIA_ATIVA, GARANTIA_JANELAS: lib/config.js):
// a case ready to book (ANALISE_OK) not booked after N release windows of its consulate in which we tried is
// refunded in full through the refund path staff use (lib/estornos.js pedirEstorno), its customer told why, its
// booking closed with history. The rule itself is lib/garantia_comum.js (shared with the app and the double);
// this file marks each attempt when staff record it and runs the refund (cron `garantia`, garantia.pb.js).

const comum = require(`${__hooks}/lib/garantia_comum.js`);
const janelas = require(`${__hooks}/lib/janelas.js`);
const { achar } = require(`${__hooks}/lib/registros.js`);

function config() {
  return require(`${__hooks}/lib/config.js`).garantia();
}

const msDe = comum.msDe;

function pbData(ms) {
  return new Date(ms).toISOString().replace('T', ' ');
}

function consuladoDe(app, agendamento) {
  return achar(app, 'consulados', 'codigo = {:c}', { c: agendamento.getString('consulado') });
}

/** The start of the consulate's window running at `agoraMs` (null: the consulate has no known windows). */
function janelaAtual(consulado, agoraMs) {
  return janelas.janelaEmCurso(
    consulado && {
      janelas_estado: consulado.getString('janelas_estado'),
      janelas: consulado.getString('janelas'),
      fuso: consulado.getString('fuso'),
    },
    agoraMs,
  );
}

/**
 * A new attempt (before it is saved, in its transaction): the window it belongs to and what it means for the
 * guarantee, from the case as it is now. Staff cannot set either (the create rule); a superuser may set the
 * window (the admin screen, the tests' fixtures for windows already past).
 */
function marcarTentativa(app, registro, superusuario) {
  const agendamento = achar(app, 'agendamentos', 'id = {:id}', { id: registro.getString('agendamento') });
  if (!agendamento) return;
  const dada = superusuario ? msDe(registro.getString('janela')) : 0;
  const janelaMs = dada || janelaAtual(consuladoDe(app, agendamento), Date.now()) || 0;
  const atendimento = achar(app, 'atendimentos', 'agendamento = {:a}', { a: agendamento.id });
  const marcas = comum.marcasDaTentativa({
    ativa: config().ativa,
    status: agendamento.getString('status_agendamento'),
    janelaMs: janelaMs,
    resultado: registro.getString('resultado'),
    documentos: app
      .findRecordsByFilter('documentos', 'agendamento = {:a}', '', 0, 0, { a: agendamento.id })
      .map((d) => d.getString('status')),
    atendimento: atendimento && {
      pedido: atendimento.getString('pedido'),
      pedido_em: atendimento.getString('pedido_em'),
      entregue_em: atendimento.getString('entregue_em'),
    },
  });
  registro.set('janela', marcas.janela);
  registro.set('garantia', marcas.garantia);
}

/** The guarantee's count for a booking now: {contadas, restantes, vencida}. */
function estado(app, agendamento, n, agoraMs) {
  const tentativas = app
    .findRecordsByFilter('tentativas_agendamento', 'agendamento = {:a}', 'created', 0, 0, {
      a: agendamento.id,
    })
    .map((t) => ({
      janelaMs: msDe(t.getString('janela')),
      garantia: t.getString('garantia'),
      criadoMs: msDe(t.getString('created')),
    }));
  const volta = comum.voltaDe(
    app
      .findRecordsByFilter('compromissos', "agendamento = {:a} && cancelado_em != ''", '', 0, 0, {
        a: agendamento.id,
      })
      .map((c) => ({ cancelado_em: c.getString('cancelado_em') })),
  );
  return comum.avaliar(n, tentativas, janelaAtual(consuladoDe(app, agendamento), agoraMs), volta);
}

/**
 * The cron's work: every ANALISE_OK booking with a counted window whose N counted windows are over is refunded
 * in full and closed. Returns {estornados: [booking ids]}. Nothing while the guarantee is off.
 */
function rodar(app) {
  const cfg = config();
  if (!cfg.ativa) return { estornados: [] };
  const agora = Date.now();
  const estornados = [];
  app
    .findRecordsByFilter(
      'agendamentos',
      "status_agendamento = 'ANALISE_OK' && tentativas_agendamento_via_agendamento.garantia ?= 'conta'",
      'created',
      0,
      0,
    )
    .forEach((agendamento) => {
      if (!estado(app, agendamento, cfg.janelas, agora).vencida) return;
      try {
        if (estornar(app, agendamento.id, cfg.janelas)) estornados.push(agendamento.id);
      } catch (err) {
        console.error('Garantia: estorno do agendamento ' + agendamento.id + ' falhou: ' + err);
      }
    });
  return { estornados: estornados };
}

/**
 * Claims the order's guarantee refund (once: `garantia_estorno_em` set only where empty, while the booking is
 * still ANALISE_OK), asks Asaas for the refund of all that remains, closes the booking (CANCELADO, with history)
 * and e-mails the customer and staff. When Asaas refuses or does not answer, the claim is released: the next run
 * tries again (a refund Asaas did make arrives as PAYMENT_REFUNDED, which closes the booking meanwhile).
 */
function estornar(app, agendamentoId, n) {
  const estornos = require(`${__hooks}/lib/estornos.js`);
  const historico = require(`${__hooks}/lib/historico.js`);
  const emails = require(`${__hooks}/lib/emails.js`);
  let pagamento = null;
  app.runInTransaction((tx) => {
    const agendamento = tx.findRecordById('agendamentos', agendamentoId);
    if (agendamento.getString('status_agendamento') !== 'ANALISE_OK') return;
    const feito = tx
      .db()
      .newQuery(
        "UPDATE pagamentos SET garantia_estorno_em = {:t} WHERE id = {:id} AND garantia_estorno_em = ''",
      )
      .bind({ t: pbData(Date.now()), id: agendamento.getString('pagamento') })
      .execute()
      .rowsAffected();
    if (feito === 1) pagamento = tx.findRecordById('pagamentos', agendamento.getString('pagamento'));
  });
  if (!pagamento) return false;
  const resta = estornos.restante(pagamento);
  const quantas = comum.janelasTexto(n);
  const acoes = [];
  if (resta > 0) {
    try {
      estornos.estornarRestante(app, pagamento, comum.MSG.descricaoAsaas.replace('{n}', quantas), acoes);
    } catch (err) {
      app
        .db()
        .newQuery("UPDATE pagamentos SET garantia_estorno_em = '' WHERE id = {:id}")
        .bind({ id: pagamento.id })
        .execute();
      throw err;
    }
  }
  let agendamento = null;
  app.runInTransaction((tx) => {
    agendamento = tx.findRecordById('agendamentos', agendamentoId);
    const antes = agendamento.getString('status_agendamento');
    if (antes === 'ANALISE_OK') {
      agendamento.set('status_agendamento', 'CANCELADO');
      tx.save(agendamento);
      historico.registrarMudanca(tx, agendamento.id, 'status_agendamento', antes, 'CANCELADO');
    }
    historico.registrarNota(
      tx,
      agendamento.id,
      'garantia',
      comum.MSG.historico.replace('{n}', quantas).replace('{valor}', emails.reais(resta)),
    );
  });
  const usuario = app.findRecordById('usuarios', agendamento.getString('usuario'));
  const nome = emails.escapar(usuario.getString('nome_completo'));
  const consulado = consuladoDe(app, agendamento);
  const deOnde = consulado ? ' do consulado de ' + emails.escapar(consulado.getString('nome')) : '';
  acoes.push((a) => {
    emails.enviar(a, usuario.email(), comum.MSG.assunto, [
      'Olá, ' + nome + '.',
      'Tentamos agendar o seu atendimento em ' +
        quantas +
        ' de liberação de vagas' +
        deOnde +
        ', sem conseguir uma vaga. Como prometido na nossa garantia, o seu agendamento foi encerrado e o ' +
        'estorno integral de ' +
        emails.reais(resta) +
        ' foi solicitado, pela mesma forma de pagamento.',
      'No cartão de crédito, o estorno pode levar até 10 dias úteis para aparecer na fatura.',
    ]);
    emails.alertaEquipe(a, 'Garantia acionada - Passaporte Italiano', [
      'O agendamento de ' +
        nome +
        ' não foi conseguido em ' +
        quantas +
        ' de liberação de vagas' +
        deOnde +
        '.',
      'O estorno integral de ' +
        emails.reais(resta) +
        ' foi solicitado ao Asaas e o agendamento foi encerrado.',
    ]);
  });
  require(`${__hooks}/lib/pedidos.js`).executar(app, acoes);
  return true;
}

/** GET /api/garantia: whether the guarantee is on and its number of windows (public: the terms page says it). */
function configRota(e) {
  const cfg = config();
  return e.json(200, { ativa: cfg.ativa, janelas: cfg.ativa ? cfg.janelas : 0 });
}

module.exports = { marcarTentativa, estado, rodar, estornar, configRota };
