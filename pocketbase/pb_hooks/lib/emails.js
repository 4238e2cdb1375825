// E-mails the server sends in pt-BR through PocketBase's mailer (its SMTP settings). A failed send is logged
// and never undoes what was saved. Their words' helpers are lib/email_texto.js, which the app shares.

const { ASSINATURA, escapar, textoDoHtml, textoDoEmail } = require(`${__hooks}/lib/email_texto.js`);

function remetente(app) {
  const meta = app.settings().meta;
  return { address: meta.senderAddress, name: meta.senderName };
}

const reais = require(`${__hooks}/lib/comum.js`).reais;

/** dd/mm/aaaa hh:mm in São Paulo time, from a PocketBase date ("2026-01-02 15:04:05.000Z"). */
function dataHoraBR(pbData) {
  const janelas = require(`${__hooks}/lib/janelas.js`);
  const ms = Date.parse(String(pbData).replace(' ', 'T'));
  return janelas.diaLocal(ms) + ' ' + janelas.horaLocal(ms);
}

/** Sends an e-mail of HTML paragraphs; `comLinks` writes each link's address in the plain-text part too. */
function enviar(app, para, assunto, paragrafos, comLinks) {
  const html =
    '<div style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">' +
    paragrafos.map((p) => '<p>' + p + '</p>').join('') +
    '<p>' +
    ASSINATURA +
    '</p></div>';
  const texto = textoDoEmail(paragrafos, comLinks);
  try {
    app.newMailClient().send(
      new MailerMessage({
        from: remetente(app),
        to: [{ address: para }],
        subject: assunto,
        html: html,
        text: texto,
      }),
    );
    return true;
  } catch (err) {
    console.error("Falha ao enviar e-mail '" + assunto + "': " + err);
    return false;
  }
}

const SERVICOS = require(`${__hooks}/lib/regras.json`).servicos;
const METODOS = { cartao_credito: 'Cartão de crédito', pix: 'Pix' };

/** The purchase receipt (Decreto 7.962/2013: immediate confirmation, and how to withdraw). */
function recibo(app, cobranca, pagamento) {
  const usuario = app.findRecordById('usuarios', pagamento.getString('usuario'));
  const total = pagamento.getFloat('preco_servico');
  const parcelas = pagamento.getInt('numero_parcelas');
  const servico = SERVICOS[pagamento.getString('tipo_servico')] || pagamento.getString('tipo_servico');
  const linhas = [
    'Olá, ' + escapar(usuario.getString('nome_completo')) + '.',
    'Recebemos o seu pagamento. Este é o comprovante da sua compra:',
    '<strong>Serviço:</strong> ' +
      escapar(servico) +
      (pagamento.getBool('flex') ? ' + Flex (remarcação)' : '') +
      '<br><strong>Total:</strong> ' +
      reais(total) +
      '<br><strong>Forma de pagamento:</strong> ' +
      escapar(METODOS[pagamento.getString('metodo_pagamento')] || pagamento.getString('metodo_pagamento')) +
      (pagamento.getString('metodo_pagamento') === 'cartao_credito'
        ? '<br><strong>Parcelas:</strong> ' + parcelas + 'x'
        : '') +
      '<br><strong>Código do pagamento (Asaas):</strong> ' +
      escapar(pagamento.getString('asaas_id_pagamento')) +
      '<br><strong>Data:</strong> ' +
      dataHoraBR(pagamento.getString('created')),
    'Próximo passo: acesse a página de andamento do seu pedido e envie o formulário e os documentos.',
    'Direito de arrependimento: você pode desistir da compra em até 7 dias a contar de hoje (art. 49 do Código ' +
      'de Defesa do Consumidor) respondendo a este e-mail ou pelos nossos canais de atendimento. O valor pago é ' +
      'devolvido integralmente, pela mesma forma de pagamento.',
  ];
  return enviar(app, usuario.email(), 'Comprovante da sua compra - Passaporte Italiano', linhas);
}

/** An alert to every staff account (usuarios with admin = true). Returns how many were sent. */
function alertaEquipe(app, assunto, paragrafos) {
  const equipe = app.findRecordsByFilter('usuarios', 'admin = true', 'created', 50, 0);
  let enviados = 0;
  equipe.forEach((membro) => {
    if (enviar(app, membro.email(), assunto, paragrafos)) enviados++;
  });
  return enviados;
}

/**
 * Whether staff's alert `chave` (a kind and a booking: 'processo_alerta:<id>') may go now: at most once every
 * limites.json `alertasEquipe.intervaloMin` minutes (registros.js daVez), noted as sent when it may.
 */
function alertaDaVez(app, chave) {
  const alertas = require(`${__hooks}/lib/limites.json`).alertasEquipe;
  return require(`${__hooks}/lib/registros.js`).daVez(app, chave, alertas.intervaloMin * 60 * 1000);
}

module.exports = { enviar, escapar, reais, dataHoraBR, recibo, alertaEquipe, alertaDaVez, textoDoHtml };
