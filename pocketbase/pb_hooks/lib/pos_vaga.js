// After the slot (issue #28): the reminders at D-7 and D-1 that ask for an answer (one e-mail per applicant,
// each sent once: `lembretes` holds what went, so a restart sends nothing twice), the answer's signed link,
// the calendar file, and the case that closes itself the day after its last appointment. Days are São Paulo's.
const regras = require(`${__hooks}/lib/regras.js`);
const historico = require(`${__hooks}/lib/historico.js`);
const emails = require(`${__hooks}/lib/emails.js`);
const DIA = require(`${__hooks}/lib/consulados_dia.json`);
const cal = require(`${__hooks}/lib/calendario.js`);

const USO = 'lembrete_resposta';
const RESPOSTAS = { vou_comparecer: 'Vou comparecer', preciso_remarcar: 'Preciso remarcar' };
const TOKEN_VIDA_S = 40 * 86400;

const somarDias = cal.somarDias;
const diaBR = cal.diaBR;

/** An applicant's name as every line shows it (lib/processo.js nomeRequerente, the double's too). */
function nomeDe(r) {
  return require(`${__hooks}/lib/processo.js`).nomeRequerente(r);
}

function achar(app, colecao, filtro, params) {
  const lista = app.findRecordsByFilter(colecao, filtro, '', 1, 0, params);
  return lista.length ? lista[0] : null;
}

// ------------------------------------------------------------------ closing by itself

/**
 * Every AGENDADO booking whose last appointment was before `hoje` (São Paulo), with no no-show or re-booking
 * recorded by staff, becomes FINALIZADO (once: staff may reopen it), with history and the status e-mail; the
 * retention clock starts (lib/processo.js marcarEncerramento). Returns the ids closed.
 */
function finalizar(app, hoje) {
  const fechados = [];
  app
    .findRecordsByFilter(
      'agendamentos',
      "status_agendamento = 'AGENDADO' && finalizado_auto_em = ''",
      'created',
      0,
      0,
    )
    .forEach((agendamento) => {
      // A cancelled appointment (Flex, the consulate) neither closes the case nor keeps it open.
      const lista = app.findRecordsByFilter(
        'compromissos',
        "agendamento = {:a} && cancelamento = ''",
        '-data',
        0,
        0,
        { a: agendamento.id },
      );
      if (!lista.length || lista.some((c) => c.getString('ocorrencia') !== '')) return;
      if (lista[0].getString('data') >= hoje) return;
      let entrada = null;
      app.runInTransaction((tx) => {
        const atual = tx.findRecordById('agendamentos', agendamento.id);
        const antes = atual.original();
        atual.set('status_agendamento', 'FINALIZADO');
        atual.set('finalizado_auto_em', new DateTime());
        tx.save(atual);
        entrada = historico.registrarAlteracao(tx, antes, atual, null);
        agendamento = atual;
      });
      fechados.push(agendamento.id);
      require(`${__hooks}/lib/emails_status.js`).enviarEAnotar(
        app,
        agendamento,
        entrada,
        undefined,
        'encerramento',
      );
    });
  return fechados;
}

// ------------------------------------------------------------------ reminders

function segredo(app) {
  return app.findCollectionByNameOrId('usuarios').authToken.secret + ':' + USO;
}

function tokenDe(app, lembreteId) {
  return $security.createJWT({ lembrete: lembreteId, uso: USO }, segredo(app), TOKEN_VIDA_S);
}

/** The reminder a token answers, or null (forged, expired, another purpose). */
function lembreteDoToken(app, token) {
  try {
    const claims = $security.parseJWT(String(token || ''), segredo(app));
    if (claims.uso !== USO) return null;
    return achar(app, 'lembretes', 'id = {:id}', { id: String(claims.lembrete || '') });
  } catch (_) {
    return null;
  }
}

/** The day's checklist for a consulate: [{texto, fonte}], and what is not known. */
function checklist(codigo) {
  const proprios = DIA.consulados[codigo] || [];
  return { itens: DIA.geral.concat(proprios), desconhecido: proprios.length ? '' : DIA.desconhecido };
}

function lembrar(app, hoje) {
  let enviados = 0;
  [
    ['d7', 7],
    ['d1', 1],
  ].forEach((par) => {
    const dia = somarDias(hoje, par[1]);
    app
      .findRecordsByFilter(
        'compromissos',
        "data = {:d} && ocorrencia = '' && cancelamento = ''",
        'hora',
        0,
        0,
        {
          d: dia,
        },
      )
      .forEach((c) => {
        const agendamento = app.findRecordById('agendamentos', c.getString('agendamento'));
        if (agendamento.getString('status_agendamento') !== 'AGENDADO') return;
        c.getStringSlice('requerentes').forEach((reqId) => {
          if (enviarLembrete(app, agendamento, c, reqId, par[0])) enviados++;
        });
      });
  });
  return enviados;
}

/**
 * The reminder `tipo` of an appointment (and applicant; '' for the appointment's own confirmation e-mails) to
 * send now: recorded first (the unique index: once, across restarts); null when it went already or another run
 * recorded it first. A failed send leaves it unsent, retried by the next run that day.
 */
function aEnviar(app, agendamentoId, compromissoId, reqId, tipo) {
  const filtro = 'compromisso = {:c} && requerente = {:r} && tipo = {:t}';
  const lembrete = achar(app, 'lembretes', filtro, { c: compromissoId, r: reqId, t: tipo });
  if (lembrete) return lembrete.getBool('enviado') ? null : lembrete;
  const novo = new Record(app.findCollectionByNameOrId('lembretes'));
  novo.set('agendamento', agendamentoId);
  novo.set('compromisso', compromissoId);
  novo.set('requerente', reqId);
  novo.set('tipo', tipo);
  try {
    app.save(novo);
    return novo;
  } catch (_) {
    return null;
  }
}

/** One applicant's reminder: recorded, then sent (aEnviar). */
function enviarLembrete(app, agendamento, compromisso, reqId, tipo) {
  const lembrete = aEnviar(app, agendamento.id, compromisso.id, reqId, tipo);
  if (!lembrete) return false;
  const requerente = achar(app, 'requerentes', 'id = {:id}', { id: reqId });
  if (!requerente) return false;
  const usuario = app.findRecordById('usuarios', agendamento.getString('usuario'));
  const consulado = achar(app, 'consulados', 'id = {:id}', { id: compromisso.getString('consulado') });
  const codigo = consulado ? consulado.getString('codigo') : agendamento.getString('consulado');
  const msg = mensagemLembrete(app, {
    tipo: tipo,
    usuario: usuario.getString('nome_completo'),
    nome: nomeDe(requerente),
    dia: compromisso.getString('data'),
    hora: compromisso.getString('hora'),
    local: compromisso.getString('local'),
    codigo: codigo,
    token: tokenDe(app, lembrete.id),
  });
  if (!emails.enviar(app, usuario.email(), msg.assunto, msg.paragrafos, true)) return false;
  lembrete.set('enviado', true);
  app.save(lembrete);
  return true;
}

function mensagemLembrete(app, d) {
  const esc = emails.escapar;
  const quando = d.tipo === 'd1' ? 'amanhã' : 'em 7 dias';
  const assunto = 'Lembrete: atendimento de ' + d.nome + ' ' + quando + ' (' + diaBR(d.dia) + ')';
  const base = app.settings().meta.appURL + '/api/lembretes/responder?t=' + encodeURIComponent(d.token);
  const lista = checklist(d.codigo);
  const botao = (r) =>
    '<a href="' + esc(base + '&r=' + r) + '" style="font-weight:bold">' + RESPOSTAS[r] + '</a>';
  return {
    assunto: assunto,
    paragrafos: [
      'Olá, ' + esc(d.usuario) + '.',
      '<strong>' + esc(d.nome) + '</strong> tem atendimento no consulado ' + quando + ':',
      '<strong>Data:</strong> ' +
        diaBR(d.dia) +
        ' às ' +
        esc(d.hora) +
        'h<br><strong>Local:</strong> ' +
        (d.local ? esc(d.local) : 'a confirmar'),
      '<strong>Para o dia:</strong><br>' +
        lista.itens.map((i) => '• ' + esc(i.texto) + ' (fonte: ' + esc(i.fonte) + ')').join('<br>') +
        (lista.desconhecido ? '<br>• ' + esc(lista.desconhecido) : ''),
      'Responda com um clique: ' + botao('vou_comparecer') + ' ou ' + botao('preciso_remarcar') + '.',
      '<a href="' +
        esc(cal.linkGoogle({ nome: d.nome, data: d.dia, hora: d.hora, local: d.local })) +
        '">Adicionar ao Google Agenda</a> · o arquivo de calendário está na página de andamento.',
    ],
  };
}

// ------------------------------------------------------------------ the answer's link

function pagina(titulo, corpo) {
  return (
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    // The site's icon (else the browser asks this origin for /favicon.ico, a 404).
    '<link rel="icon" href="' +
    emails.escapar($app.settings().meta.appURL + '/favicon.svg') +
    '" type="image/svg+xml"><title>' +
    titulo +
    ' - Passaporte Italiano</title></head><body style="font-family:Arial,sans-serif;max-width:36rem;' +
    'margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1f2937"><main><h1>' +
    titulo +
    '</h1>' +
    corpo +
    '</main></body></html>'
  );
}

/**
 * GET: a page that asks to confirm (a mail scanner opening the link records nothing); POST: records the
 * answer on the reminder (the last answer wins) and in the booking's history, which staff read.
 */
function responder(e, gravar) {
  const q = e.request.url.query();
  const r = q.get('r');
  const lembrete = lembreteDoToken(e.app, q.get('t'));
  if (!lembrete || !RESPOSTAS[r]) {
    return e.html(
      400,
      pagina(
        'Link inválido',
        '<p>Este link de resposta não é válido ou expirou. Fale com a nossa equipe.</p>',
      ),
    );
  }
  const compromisso = e.app.findRecordById('compromissos', lembrete.getString('compromisso'));
  const requerente = e.app.findRecordById('requerentes', lembrete.getString('requerente'));
  const quem = emails.escapar(nomeDe(requerente));
  const quando = diaBR(compromisso.getString('data')) + ' às ' + compromisso.getString('hora') + 'h';
  if (!gravar) {
    const acao = emails.escapar(e.request.url.path + '?' + e.request.url.rawQuery);
    return e.html(
      200,
      pagina(
        RESPOSTAS[r],
        '<p>Atendimento de <strong>' +
          quem +
          '</strong> em ' +
          quando +
          '.</p><form method="post" action="' +
          acao +
          '"><button type="submit" style="font-size:1rem;padding:.6rem 1.2rem">Confirmar: ' +
          RESPOSTAS[r] +
          '</button></form>',
      ),
    );
  }
  e.app.runInTransaction((tx) => {
    const atual = tx.findRecordById('lembretes', lembrete.id);
    // The same answer again (the link posted in a loop) is already recorded: no new history line.
    if (atual.getString('resposta') === r) return;
    atual.set('resposta', r);
    atual.set('resposta_em', new DateTime());
    tx.save(atual);
    historico.registrarMudanca(
      tx,
      lembrete.getString('agendamento'),
      'resposta_lembrete',
      nomeDe(requerente) + ' (' + quando + ')',
      RESPOSTAS[r],
    );
  });
  const seguinte =
    r === 'vou_comparecer'
      ? '<p>Obrigado! Até o dia do atendimento.</p>'
      : '<p>A nossa equipe vai entrar em contato para falar da nova data.</p>' +
        '<p>Se o seu pedido inclui o Flex, você mesmo pode pedir a nova data em <a href="' +
        emails.escapar(e.app.settings().meta.appURL + '/tracking') +
        '">Acompanhar meu agendamento</a>.</p>';
  return e.html(200, pagina('Resposta registrada', '<p>' + quem + ': ' + RESPOSTAS[r] + '.</p>' + seguinte));
}

// ------------------------------------------------------------------ the calendar file

/** The booking's appointments as calendar events, one per applicant (the .ics, the tracking page's links). */
function eventos(app, agendamentoId) {
  const nomes = {};
  app
    .findRecordsByFilter('requerentes', 'agendamento = {:a}', 'created', 0, 0, { a: agendamentoId })
    .forEach((r) => (nomes[r.id] = nomeDe(r)));
  const lista = [];
  app
    .findRecordsByFilter('compromissos', "agendamento = {:a} && cancelamento = ''", 'data,hora', 0, 0, {
      a: agendamentoId,
    })
    .forEach((c) =>
      c.getStringSlice('requerentes').forEach((reqId) =>
        lista.push({
          uid: c.id + '-' + reqId,
          nome: nomes[reqId] || 'Requerente',
          data: c.getString('data'),
          hora: c.getString('hora'),
          local: c.getString('local'),
          codigo: c.getString('codigo_portal'),
        }),
      ),
    );
  return lista;
}

/** GET /api/agendamentos/{id}/calendario.ics: the booking's owner (or staff) only; 404 for anyone else. */
function servirCalendario(e) {
  const id = e.request.pathValue('id');
  const agendamento = achar(e.app, 'agendamentos', 'id = {:id}', { id: id });
  const staff = e.auth && e.auth.getBool('admin');
  if (!agendamento || (!staff && agendamento.getString('usuario') !== e.auth.id)) {
    throw new NotFoundError('Agendamento não encontrado.');
  }
  e.response.header().set('Content-Type', 'text/calendar; charset=utf-8; method=PUBLISH');
  e.response.header().set('Content-Disposition', 'attachment; filename="atendimento-consulado.ics"');
  return e.string(200, cal.ics(eventos(e.app, id), Date.now()));
}

/** The daily job: reminders, then cases that end. `hoje` (yyyy-mm-dd, São Paulo) is for tests. */
function rodar(app, hoje) {
  const dia = hoje || regras.hojeSaoPaulo();
  return {
    lembretes: lembrar(app, dia),
    confirmacoes: require(`${__hooks}/lib/remarcar.js`).lembrarConfirmacao(app, dia),
    finalizados: finalizar(app, dia),
  };
}

/** POST /api/pos-vaga/rodar {hoje}: superusers run the job for a given São Paulo day. */
function rodarRota(e) {
  const hoje = String((e.requestInfo().body || {}).hoje || '');
  if (hoje && !/^\d{4}-\d{2}-\d{2}$/.test(hoje)) throw new BadRequestError('Data inválida: use aaaa-mm-dd.');
  return e.json(200, rodar(e.app, hoje));
}

module.exports = {
  aEnviar,
  finalizar,
  lembrar,
  checklist,
  eventos,
  responder,
  servirCalendario,
  rodar,
  rodarRota,
};
