// The e-mail a customer gets when staff move their booking to one of the five statuses: one pt-BR text per
// status (subject, HTML and plain text through lib/emails.js). The subjects are in regras.json, which the app
// and the demo backend read too.

const emails = require(`${__hooks}/lib/emails.js`);

const R = require(`${__hooks}/lib/regras.json`);
const ASSUNTOS = R.assuntosStatus;

/** The status as the customer reads it everywhere: '<strong>Novo</strong> - Seu formulário foi recebido...'. */
function estado(status) {
  return '<strong>' + R.textosStatus[status].rotulo + '</strong> - ' + R.textosStatus[status].texto;
}

/** dd/mm/aaaa of a stored booking date: the calendar day itself ("2026-12-01 00:00:00.000Z"). */
function diaBR(pbData) {
  const dia = String(pbData || '').slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(dia)
    ? dia.slice(8, 10) + '/' + dia.slice(5, 7) + '/' + dia.slice(0, 4)
    : '';
}

/** The staff note as an HTML paragraph under its heading: escaped, its line breaks kept. */
function nota(titulo, texto) {
  return '<strong>' + titulo + '</strong><br>' + emails.escapar(texto.trim()).replace(/\r?\n/g, '<br>');
}

function andamento(appUrl) {
  const url = emails.escapar(appUrl + '/tracking');
  return 'Acompanhe o seu pedido em <a href="' + url + '">' + url + '</a>.';
}

const TEXTOS = {
  NOVO: {
    assunto: ASSUNTOS.NOVO,
    corpo: () => [
      estado('NOVO'),
      'Se ainda não enviou o formulário e os documentos, envie-os pela página de andamento. Se já enviou, ' +
        'aguarde: avisaremos você por e-mail quando a análise terminar.',
    ],
  },
  ANALISE_ERRO: {
    assunto: ASSUNTOS.ANALISE_ERRO,
    corpo: (d) => [
      estado('ANALISE_ERRO'),
      d.nota.trim()
        ? nota('O que precisa ser corrigido:', d.nota)
        : 'Nossa equipe entrará em contato com você para explicar o que precisa ser corrigido.',
    ],
  },
  ANALISE_OK: {
    assunto: ASSUNTOS.ANALISE_OK,
    corpo: () => [
      estado('ANALISE_OK'),
      'Avisaremos você por e-mail assim que o agendamento for concluído, com a data, a hora e o local.',
    ],
  },
  AGENDADO: {
    assunto: ASSUNTOS.AGENDADO,
    corpo: (d) => [
      estado('AGENDADO'),
      '<strong>Data:</strong> ' +
        (diaBR(d.data) || 'a confirmar') +
        (d.hora ? ' às ' + emails.escapar(d.hora) + 'h' : '') +
        '<br><strong>Local:</strong> ' +
        (d.local ? emails.escapar(d.local) : 'a confirmar'),
      // Each applicant's appointment, where staff entered them one by one (lib/dia.js).
      ...(d.compromissos || []).map(
        (c) =>
          '<strong>' +
          emails.escapar(c.quem) +
          ':</strong> ' +
          emails.escapar(c.quando) +
          (c.local ? ', ' + emails.escapar(c.local) : '') +
          (c.codigo ? ' (código ' + emails.escapar(c.codigo) + ')' : '') +
          (c.google ? ' · <a href="' + emails.escapar(c.google) + '">Adicionar ao Google Agenda</a>' : ''),
      ),
      ...((d.compromissos || []).length
        ? ['O arquivo de calendário (.ics) de cada agendamento está na página de andamento.']
        : []),
      '<strong>Chegar com 30 minutos de antecedência!</strong>',
      'Veja na página de andamento os documentos que você deve levar no dia.',
    ],
  },
  FINALIZADO: {
    assunto: ASSUNTOS.FINALIZADO,
    corpo: () => [estado('FINALIZADO'), 'Obrigado por confiar no nosso serviço.'],
  },
};

/**
 * The e-mail for a status: { assunto, paragrafos } (HTML paragraphs), or null for a status without one.
 * dados: { nome, data, hora, local, nota, appUrl }. The staff note goes in every status's e-mail: ANALISE_ERRO
 * reads it as what is wrong, the others under 'Mensagem da equipe:'.
 */
function mensagem(status, dados) {
  const texto = TEXTOS[status];
  if (!texto) return null;
  const recado = status !== 'ANALISE_ERRO' && String(dados.nota || '').trim();
  return {
    assunto: texto.assunto,
    paragrafos: ['Olá, ' + emails.escapar(dados.nome) + '.', 'O andamento do seu pedido mudou:']
      .concat(texto.corpo(dados))
      .concat(recado ? [nota('Mensagem da equipe:', dados.nota)] : [])
      .concat([andamento(dados.appUrl)]),
  };
}

/**
 * Sends the owner of `agendamento` the e-mail of its status (with each applicant's appointment, when given).
 * Returns { para, enviado, assunto } or null.
 */
function enviarStatus(app, agendamento, compromissos) {
  const usuario = app.findRecordById('usuarios', agendamento.getString('usuario'));
  const msg = mensagem(agendamento.getString('status_agendamento'), {
    nome: usuario.getString('nome_completo'),
    data: agendamento.getString('data_agendamento'),
    hora: agendamento.getString('hora_agendamento'),
    local: agendamento.getString('local_agendamento'),
    nota: agendamento.getString('nota_cliente'),
    appUrl: app.settings().meta.appURL,
    compromissos: compromissos || [],
  });
  if (!msg) return null;
  const para = usuario.email();
  return { para: para, assunto: msg.assunto, enviado: emails.enviar(app, para, msg.assunto, msg.paragrafos) };
}

module.exports = { TEXTOS, mensagem, enviarStatus, diaBR };
