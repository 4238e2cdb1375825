// The e-mails' words, written once for both runtimes like comum.js: PocketBase's JSVM loads this file with
// require() (CommonJS, requiring nothing: the rules data, regras.json, is passed in), and the app imports it
// through scripts/build/kit-module.ts, so the booking editor's preview of the status e-mail is the text the server
// sends. Plain ES2015, no PocketBase calls.

/** Every e-mail's last line. */
const ASSINATURA = 'Equipe Passaporte Italiano';

function escapar(texto) {
  return String(texto === undefined || texto === null ? '' : texto)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A paragraph of our HTML as plain text: line breaks kept, tags dropped, entities read back. */
function textoPuro(html) {
  return html
    .replace(/<br>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * The plain-text part of an HTML e-mail: paragraphs and line breaks kept, a link written once (its text, and
 * its address after it in parentheses only when the text is not the address), tags dropped, entities read back.
 */
function textoDoHtml(html) {
  return textoPuro(
    String(html || '')
      // PocketBase's layout around its account e-mails has a <head> with a <style> block: none of it is text.
      .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1>/gi, '')
      .replace(/\s*\n\s*/g, ' ')
      .replace(/<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href, conteudo) => {
        const texto = conteudo.replace(/<[^>]+>/g, '').trim();
        return !texto || texto === href ? href : texto + ' (' + href + ')';
      })
      .replace(/<br\s*\/?>/gi, '<br>')
      .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n\n'),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The plain text of an e-mail of HTML paragraphs, as the server sends it beside the HTML. */
function textoDoEmail(paragrafos, comLinks) {
  return paragrafos.map(comLinks ? textoDoHtml : textoPuro).join('\n\n') + '\n\n' + ASSINATURA;
}

/** The status as the customer reads it everywhere: 'Novo - Seu formulário foi recebido...'. */
function linhaStatus(status, regras) {
  return regras.textosStatus[status].rotulo + ' - ' + regras.textosStatus[status].texto;
}

/** dd/mm/aaaa of a stored booking date: the calendar day itself ("2026-12-01 00:00:00.000Z"); '' for none. */
function diaBR(pbData) {
  const dia = String(pbData || '').slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(dia)
    ? dia.slice(8, 10) + '/' + dia.slice(5, 7) + '/' + dia.slice(0, 4)
    : '';
}

/** The staff note as an HTML paragraph under its heading: escaped, its line breaks kept. */
function nota(titulo, texto) {
  return '<strong>' + titulo + '</strong><br>' + escapar(texto.trim()).replace(/\r?\n/g, '<br>');
}

/** Each status's own paragraphs; `d` as for mensagemStatus. */
const CORPOS = {
  NOVO: () => [
    'Se ainda não enviou o formulário e os documentos, envie-os pela página de andamento. Se já enviou, ' +
      'aguarde: avisaremos você por e-mail quando a análise terminar.',
  ],
  ANALISE_ERRO: (d) => [
    d.nota.trim()
      ? nota('O que precisa ser corrigido:', d.nota)
      : 'Nossa equipe entrará em contato com você para explicar o que precisa ser corrigido.',
  ],
  ANALISE_OK: () => [
    'Avisaremos você por e-mail assim que o agendamento for concluído, com a data, a hora e o local.',
  ],
  AGENDADO: (d) => {
    const compromissos = d.compromissos || [];
    return [
      '<strong>Data:</strong> ' +
        (diaBR(d.data) || 'a confirmar') +
        (d.hora ? ' às ' + escapar(d.hora) + 'h' : '') +
        '<br><strong>Local:</strong> ' +
        (d.local ? escapar(d.local) : 'a confirmar'),
      // Each applicant's appointment, where staff entered them one by one (lib/dia.js).
      ...compromissos.map(
        (c) =>
          '<strong>' +
          escapar(c.quem) +
          ':</strong> ' +
          escapar(c.quando) +
          (c.local ? ', ' + escapar(c.local) : '') +
          (c.codigo ? ' (código ' + escapar(c.codigo) + ')' : '') +
          (c.google ? ' · <a href="' + escapar(c.google) + '">Adicionar ao Google Agenda</a>' : ''),
      ),
      ...(compromissos.length
        ? ['O arquivo de calendário (.ics) de cada agendamento está na página de andamento.']
        : []),
      '<strong>Chegar com 30 minutos de antecedência!</strong>',
      'Veja na página de andamento os documentos que você deve levar no dia.',
    ];
  },
  FINALIZADO: () => ['Obrigado por confiar no nosso serviço.'],
};

/**
 * The e-mail a customer gets when staff move their booking to `status`: { assunto, paragrafos } (HTML
 * paragraphs, the signature left to the sender), or null for a status without one. `dados`: { nome, data, hora,
 * local, nota, appUrl, compromissos? }; `regras`: regras.json. The staff note goes in every status's e-mail:
 * ANALISE_ERRO reads it as what is wrong, the others under 'Mensagem da equipe:'.
 */
function mensagemStatus(status, dados, regras) {
  const corpo = CORPOS[status];
  if (!corpo) return null;
  const recado = status !== 'ANALISE_ERRO' && String(dados.nota || '').trim();
  const url = escapar(dados.appUrl + '/tracking');
  return {
    assunto: regras.assuntosStatus[status],
    paragrafos: [
      'Olá, ' + escapar(dados.nome) + '.',
      'O andamento do seu pedido mudou:',
      '<strong>' + regras.textosStatus[status].rotulo + '</strong> - ' + regras.textosStatus[status].texto,
    ]
      .concat(corpo(dados))
      .concat(recado ? [nota('Mensagem da equipe:', dados.nota)] : [])
      .concat(['Acompanhe o seu pedido em <a href="' + url + '">' + url + '</a>.']),
  };
}

const SUFIXO = ' - Passaporte Italiano';

/** How long a card's refund may take to show, as the customer is told. */
const PRAZO_DO_CARTAO =
  'No cartão de crédito, o estorno pode levar até 10 dias úteis para aparecer na fatura.';

/**
 * The e-mails of a customer's withdrawal (lib/estornos.js desistir; estorno_comum.js desistencia says which):
 * { cliente, equipe }, each { assunto, paragrafos } (HTML paragraphs, the signature left to the sender). 'estornada':
 * the customer is told of the refund of `dados.valor` and staff of it; 'encaminhada' (already booked): staff alone
 * (`cliente` null). `dados`: { nome, valor } (the customer's full name; the reais refunded, as written).
 */
function emailsDaDesistencia(resultado, dados) {
  const nome = escapar(dados.nome);
  if (resultado === 'encaminhada') {
    return {
      cliente: null,
      equipe: {
        assunto: 'Pedido de desistência' + SUFIXO,
        paragrafos: [
          nome + ' pediu para desistir da compra (art. 49 do CDC), mas o agendamento já foi marcado.',
          'Fale com o cliente e, se for o caso, estorne o pagamento pela página do agendamento.',
        ],
      },
    };
  }
  return {
    cliente: {
      assunto: 'Desistência confirmada' + SUFIXO,
      paragrafos: [
        'Olá, ' + nome + '.',
        'Recebemos a sua desistência da compra. O seu pedido foi cancelado e o estorno integral de ' +
          dados.valor +
          ' foi solicitado, pela mesma forma de pagamento.',
        PRAZO_DO_CARTAO,
      ],
    },
    equipe: {
      assunto: 'Desistência com estorno' + SUFIXO,
      paragrafos: [
        nome + ' desistiu da compra dentro de 7 dias (art. 49 do CDC).',
        'O estorno integral de ' + dados.valor + ' foi solicitado ao Asaas e o agendamento foi cancelado.',
      ],
    },
  };
}

/**
 * The customer's e-mail of a refund staff asked (lib/estornos.js estornar; the double's estornos.ts), one per refund:
 * { assunto, paragrafos } (HTML paragraphs, the signature left to the sender), or null when it gave nothing back.
 * All given back (`encerrado`), the order is cancelled (Asaas's REFUNDED closes its booking) and the e-mail says so;
 * part of it, the order goes on. `dados`: { nome (the customer's full name), antes (the reais given back of the
 * order before this refund), total (after it), encerrado, cartao (paid by credit card) }; `reais` writes an amount
 * (comum.js reais).
 */
function emailDoEstorno(dados, reais) {
  const centavos = Math.round(dados.total * 100) - Math.round(dados.antes * 100);
  if (centavos <= 0) return null;
  const valor = reais(centavos / 100);
  const prazo = dados.cartao ? [PRAZO_DO_CARTAO] : [];
  const ola = 'Olá, ' + escapar(dados.nome) + '.';
  if (!dados.encerrado) {
    return {
      assunto: 'Estorno parcial do seu pedido' + SUFIXO,
      paragrafos: [
        ola,
        'A nossa equipe solicitou o estorno de ' +
          valor +
          ' do seu pedido, pela mesma forma de pagamento. O seu pedido continua ativo.',
      ].concat(prazo),
    };
  }
  const anteriores =
    Math.round(dados.antes * 100) > 0
      ? ['Com os estornos anteriores, todo o valor pago (' + reais(dados.total) + ') foi devolvido.']
      : [];
  return {
    assunto: 'Pedido cancelado' + SUFIXO,
    paragrafos: [
      ola,
      'O seu pedido foi cancelado pela nossa equipe e o estorno de ' +
        valor +
        ' foi solicitado, pela mesma forma de pagamento.',
    ]
      .concat(anteriores)
      .concat(prazo),
  };
}

/**
 * Staff's alerts about a charge (lib/pedidos.js, after cobranca_comum.js plano's `depois`), each { assunto,
 * paragrafos }: a duplicate charge refunded automatically or not (`duplicada`), a payment below the price
 * (`divergente`), a refund or chargeback reaching an order (`posPagamento`, `texto` being regras.json
 * textosPosPagamento's: its subject is the text up to its first full stop or colon). Amounts come as written (reais).
 */
const alertasDaCobranca = {
  duplicada: (asaasId, estornada) => ({
    assunto: 'Pagamento duplicado ' + (estornada ? 'estornado' : 'a estornar') + SUFIXO,
    paragrafos: [
      'Um cliente pagou uma segunda cobrança quando já tinha um pedido (Pix pago após o vencimento, duas formas ' +
        'de pagamento ou duas abas).',
      '<strong>Cobrança (Asaas):</strong> ' + escapar(asaasId),
      estornada
        ? 'O estorno integral foi solicitado ao Asaas automaticamente.'
        : 'O Asaas não aceitou o estorno automático: estorne esta cobrança pelo painel do Asaas.',
    ],
  }),
  divergente: (asaasId, preco) => ({
    assunto: 'Pagamento com valor abaixo do preço' + SUFIXO,
    paragrafos: [
      'O Asaas informa um pagamento com valor abaixo do preço do pedido. Nenhum pedido foi criado.',
      '<strong>Cobrança (Asaas):</strong> ' + escapar(asaasId) + '<br><strong>Preço:</strong> ' + preco,
      'Confira a cobrança no painel do Asaas e estorne-a ou fale com o cliente.',
    ],
  }),
  posPagamento: (texto, dados) => ({
    assunto: texto.replace(/[.:].*$/, '') + SUFIXO,
    paragrafos: [
      texto,
      '<strong>Cliente:</strong> ' +
        escapar(dados.nome) +
        '<br><strong>Pagamento (Asaas):</strong> ' +
        escapar(dados.asaasId) +
        '<br><strong>Total do pedido:</strong> ' +
        dados.total,
    ],
  }),
};

/**
 * Staff's alert that a case file has something new to review (lib/processo.js avisarEquipe, which the
 * double runs too), each { assunto, paragrafos } ending with the link to the booking in staff's editor: the
 * customer `d.nome` sent `d.documentos` document(s) (`enviado`), or corrected the data of the applicant
 * `d.requerente` once sent (`corrigido`: `d.campos`, the fields' names, send its documents back to review).
 * `d.appUrl`: the app's public address; `d.agendamento`: the booking's id.
 */
function alertaDoProcesso(paragrafo, d) {
  const url = escapar(d.appUrl + '/booking-details/' + d.agendamento);
  return {
    assunto: 'Processo enviado para análise' + SUFIXO,
    paragrafos: [paragrafo, 'Confira em <a href="' + url + '">' + url + '</a>.'],
  };
}

const alertasDoProcesso = {
  enviado: (d) =>
    alertaDoProcesso(escapar(d.nome) + ' enviou ' + d.documentos + ' documento(s) para análise.', d),
  corrigido: (d) =>
    alertaDoProcesso(
      escapar(d.nome) +
        ' corrigiu os dados de ' +
        escapar(d.requerente) +
        ' (' +
        d.campos.join(', ') +
        '). Os documentos dele voltaram para análise.',
      d,
    ),
};

/**
 * The e-mail to the owner of an account just locked (lib/seguranca.js avisarBloqueio; the double's auth.ts), with
 * limites.json `bloqueio`'s figures: how many failed logins lock it, for how many minutes.
 */
function emailDeBloqueio(bloqueio) {
  return {
    assunto: 'Acesso à sua conta bloqueado' + SUFIXO,
    paragrafos: [
      'Olá.',
      'Houve ' +
        bloqueio.falhas +
        ' tentativas de entrar na sua conta com a senha errada. Por segurança, o acesso com senha ficou ' +
        'bloqueado por ' +
        bloqueio.janelaMin +
        ' minutos.',
      'Se não foi você, troque a sua senha assim que o bloqueio terminar, em "Esqueci minha senha".',
    ],
  };
}

/**
 * The status e-mail of a saved booking for its owner: `agendamento` is its plain fields (status_agendamento,
 * data_agendamento, hora_agendamento, local_agendamento, nota_cliente), `nome` the owner's full name; null for a
 * status without one (mensagemStatus).
 */
function mensagemDoAgendamento(agendamento, nome, appUrl, compromissos, regras) {
  return mensagemStatus(
    agendamento.status_agendamento,
    {
      nome: nome,
      data: agendamento.data_agendamento || '',
      hora: agendamento.hora_agendamento || '',
      local: agendamento.local_agendamento || '',
      nota: agendamento.nota_cliente || '',
      appUrl: appUrl,
      compromissos: compromissos || [],
    },
    regras,
  );
}

module.exports = {
  ASSINATURA,
  emailDeBloqueio,
  emailsDaDesistencia,
  emailDoEstorno,
  alertasDaCobranca,
  alertasDoProcesso,
  escapar,
  textoPuro,
  textoDoHtml,
  textoDoEmail,
  linhaStatus,
  diaBR,
  mensagemStatus,
  mensagemDoAgendamento,
};
