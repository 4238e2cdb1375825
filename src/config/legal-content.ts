/**
 * The texts of the legal pages, /termos and /privacidade, in plain pt-BR for the business to complete and a
 * lawyer to review. Apart from content.ts only because they are long: loaded with those two pages, they stay
 * out of the JavaScript every visitor's first page loads (about 5.5 KB gzip, most of the budget's headroom).
 * Facts only the business can give are marked TO_COMPLETE, points a lawyer must confirm TO_REVIEW.
 */
import { FLEX_FEE, PRICES } from './constants';
import { brand, legalLinks, TO_COMPLETE, TO_REVIEW } from './content';
import { paths } from './routes';
import { retencaoDiasPadrao } from '../../pocketbase/pb_hooks/lib/processo_regras.json';
import { formatBRL } from '@/lib/money';
import type { ServiceId } from '@/lib/types';

/**
 * A notice at the top of both legal pages until the business has filled in every mark and a lawyer has
 * reviewed the texts; set it to '' then.
 */
export const legalDraftNotice = `Versão provisória: os trechos marcados ${TO_COMPLETE} ou ${TO_REVIEW} ainda dependem da empresa, e todo o texto deve ser revisado por um advogado antes do lançamento.`;

/**
 * A block of a legal page: a paragraph, a list, or a piece the page fills in from the configuration
 * ('company': name, CNPJ, address; 'contacts': e-mail and WhatsApp; 'dpo': the data protection officer).
 */
export type LegalBlock =
  | string
  | { list: readonly string[] }
  | { facts: 'company' | 'contacts' | 'dpo' }
  | { links: readonly { to: string; text: string }[] };

export interface LegalSection {
  /** anchor of the section (#id) */
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  path: string;
  title: string;
  /** the meta description and the first paragraph */
  summary: string;
  sections: readonly LegalSection[];
}

const price = (id: ServiceId) => formatBRL(PRICES[id]);

export const termsOfService: LegalDocument = {
  path: paths.terms,
  title: legalLinks.terms,
  summary: `O que o ${brand.name} faz e não faz, quanto custa, o que o preço inclui, o Flex e como desistir da compra em até 7 dias com reembolso integral.`,
  sections: [
    {
      id: 'quem-somos',
      title: 'Quem somos',
      blocks: ['O serviço é prestado por:', { facts: 'company' }, brand.disclaimer],
    },
    {
      id: 'o-que-fazemos',
      title: 'O que o serviço faz',
      blocks: [
        'Fazemos, em seu nome e com os seus dados, o agendamento do atendimento de passaporte no consulado italiano da sua jurisdição, pelos canais oficiais de agendamento.',
        {
          list: [
            'Conferimos o formulário e os documentos que você envia antes de agendar e avisamos se algo precisar ser corrigido.',
            'Buscamos uma vaga e fazemos o agendamento depois que seus documentos forem validados.',
            'Mostramos cada etapa na sua página de acompanhamento e avisamos por e-mail quando a data for marcada.',
            'Orientamos sobre os documentos que você deve levar no dia.',
          ],
        },
        'O que cada serviço inclui está descrito na página do serviço:',
        {
          links: [
            { to: '/services/individual', text: 'Agendamento Individual' },
            { to: '/services/familiar', text: 'Agendamento Familiar' },
          ],
        },
      ],
    },
    {
      id: 'o-que-nao-fazemos',
      title: 'O que o serviço não faz',
      blocks: [
        {
          list: [
            'Não emitimos passaportes nem decidimos pedidos: a emissão e qualquer decisão são do consulado.',
            'Não garantimos uma data nem um prazo: as vagas dependem da disponibilidade do consulado, que não controlamos.',
            'Não pagamos as taxas consulares do passaporte: elas não estão incluídas no preço e são pagas por você diretamente ao consulado.',
            'Não comparecemos ao atendimento por você: a presença no consulado é pessoal.',
            'Não cuidamos de outros serviços consulares além do agendamento do atendimento de passaporte.',
          ],
        },
      ],
    },
    {
      id: 'precos',
      title: 'Preços e o que incluem',
      blocks: [
        {
          list: [
            `Agendamento Individual, para 1 pessoa: ${price('individual')}.`,
            `Agendamento Familiar, para o titular e os familiares do mesmo núcleo: ${price('familiar')}.`,
            `Flex, remarcação opcional contratada junto com o agendamento: mais ${formatBRL(FLEX_FEE)}.`,
          ],
        },
        'O preço é o valor total do serviço e aparece no resumo da contratação antes do pagamento. No cartão de crédito, você paga em 1x a 6x, e o total é o mesmo em qualquer número de parcelas.',
        'Os pagamentos são processados pela Asaas (Asaas Gestão Financeira). Não guardamos os dados do seu cartão.',
        'Assim que o pagamento é confirmado, enviamos por e-mail o comprovante da compra: serviço, valor total, parcelas, forma de pagamento, código da cobrança, data e como desistir.',
      ],
    },
    {
      id: 'flex',
      title: 'Flex (remarcação)',
      blocks: [
        'O Flex é opcional e só pode ser contratado junto com o agendamento Individual ou Familiar. Com ele, se você não puder ir na data marcada, buscamos uma nova data para você. Sem o Flex, a remarcação não está incluída no preço.',
        `Condições do Flex (quantas remarcações e com que antecedência pedir): ${TO_COMPLETE}.`,
      ],
    },
    {
      id: 'arrependimento',
      title: 'Desistência em até 7 dias',
      blocks: [
        'Você pode desistir da compra em até 7 dias, contados da data da contratação, sem precisar explicar o motivo (Código de Defesa do Consumidor, Lei 8.078/1990, art. 49).',
        'Se desistir nesse prazo, devolvemos todo o valor pago, inclusive o do Flex. No cartão de crédito, pedimos o cancelamento da cobrança à Asaas logo depois do seu pedido; o estorno aparece na fatura conforme o calendário da administradora do seu cartão.',
        'Para desistir, escreva para o nosso atendimento, pelo e-mail ou pelo WhatsApp, com o seu nome e o e-mail da sua conta. Confirmamos o recebimento do seu pedido de desistência assim que ele chegar.',
        { facts: 'contacts' },
        `Pedido de desistência pelo próprio site, a mesma ferramenta usada na compra (Decreto 7.962/2013, art. 5º, § 1º): ${TO_REVIEW}.`,
      ],
    },
    {
      id: 'cancelamento',
      title: 'Cancelamento depois de 7 dias',
      blocks: [
        `Regras de cancelamento e de reembolso depois do prazo de desistência, conforme a etapa em que o serviço estiver: ${TO_COMPLETE}.`,
      ],
    },
    {
      id: 'o-que-pedimos',
      title: 'O que pedimos de você',
      blocks: [
        {
          list: [
            'Informar dados verdadeiros e completos e enviar os documentos pedidos.',
            'Manter o seu e-mail e o seu celular atualizados (o celular pode ser corrigido em Minha conta).',
            'Acompanhar os nossos avisos por e-mail e responder quando pedirmos correções.',
            'Comparecer ao consulado no dia e no horário marcados, com os documentos originais e com 30 minutos de antecedência.',
          ],
        },
        'Dados ou documentos incorretos podem atrasar o agendamento ou levar o consulado a recusar o atendimento.',
      ],
    },
    {
      id: 'seus-dados',
      title: 'Seus dados',
      blocks: [
        'Usamos os seus dados só para prestar o serviço, como explica a nossa política de privacidade:',
        { links: [{ to: '/privacidade', text: 'Política de privacidade' }] },
      ],
    },
    {
      id: 'atendimento',
      title: 'Atendimento',
      blocks: [{ facts: 'contacts' }, `Horário de atendimento: ${TO_COMPLETE}.`],
    },
    {
      id: 'lei-aplicavel',
      title: 'Lei aplicável',
      blocks: [
        'Estes termos seguem as leis brasileiras, em especial o Código de Defesa do Consumidor (Lei 8.078/1990) e o Decreto 7.962/2013, sobre o comércio eletrônico. Você pode recorrer ao Procon e à Justiça da cidade onde mora.',
      ],
    },
    {
      id: 'mudancas',
      title: 'Mudanças nestes termos',
      blocks: [
        'Uma compra já feita segue os termos aceitos no momento da contratação; uma nova versão vale para as contratações feitas depois dela.',
        `Versão e data destes termos: ${TO_COMPLETE}.`,
      ],
    },
  ],
};

export const privacyPolicy: LegalDocument = {
  path: paths.privacy,
  title: legalLinks.privacy,
  summary: `Quais dados pessoais o ${brand.name} coleta e por quê, com quem compartilha, por quanto tempo guarda e como exercer os seus direitos pela LGPD (Lei 13.709/2018).`,
  sections: [
    {
      id: 'controlador',
      title: 'Quem cuida dos seus dados',
      blocks: [
        'O controlador dos seus dados pessoais é:',
        { facts: 'company' },
        'Encarregado pelo tratamento de dados pessoais (LGPD, art. 41), a quem você pode se dirigir sobre os seus dados:',
        { facts: 'dpo' },
      ],
    },
    {
      id: 'dados-coletados',
      title: 'Quais dados coletamos e por quê',
      blocks: [
        {
          list: [
            'Nome completo, e-mail, CPF e celular, informados no cadastro: para criar a sua conta, identificar você, fazer o agendamento em seu nome e falar com você.',
            'Senha: o nosso servidor guarda apenas uma forma cifrada dela (hash), nunca a senha em si.',
            'Dados do cartão (número, validade, código de segurança e nome do titular): usados só para a cobrança e repassados à Asaas. Não os guardamos.',
            'Endereço IP do seu aparelho, no pagamento com cartão: o nosso próprio servidor o lê da conexão e o envia à Asaas, que o exige para a análise antifraude da cobrança no cartão. Nenhum outro serviço é consultado para descobrir o seu IP.',
            'Registro do pagamento (serviço, valor total, número de parcelas, forma de pagamento, situação e código da cobrança na Asaas): para comprovar a compra e acompanhar o seu pedido.',
            'Dados do agendamento (data, hora, local e situação): para acompanhar o seu atendimento.',
            'Dados e documentos do processo, enviados na página "Dados e documentos" (botão "Enviar arquivos"): de cada requerente, os nomes como no registro civil italiano, sexo, data e local de nascimento, CPF (maiores de 18 anos), estado civil, altura, cor dos olhos, endereço, comune do AIRE e passaporte italiano anterior; de um menor, o nome dos pais; e os arquivos pedidos (documento de identidade, comprovante de endereço, foto, passaporte anterior, certidão de nascimento e autorização do outro genitor). Servem para conferir os dados e fazer o agendamento. Ficam no nosso servidor, protegidos: só você e a nossa equipe abrem os arquivos.',
            'Pedido de exclusão da conta: a data, a situação e o motivo, se você escrever um.',
          ],
        },
        'No serviço Familiar, você também nos envia dados e documentos dos seus familiares: mostre esta política a eles.',
        `Bases legais (LGPD, art. 7º): execução do contrato que você fez conosco, cumprimento de obrigações legais (registros de pagamento) e prevenção a fraudes (endereço IP na cobrança) ${TO_REVIEW}.`,
      ],
    },
    {
      id: 'compartilhamento',
      title: 'Com quem compartilhamos',
      blocks: [
        {
          list: [
            'Asaas (Asaas Gestão Financeira), que processa os pagamentos: nome, e-mail, CPF, celular, dados do cartão e endereço IP.',
            'O consulado italiano, pelo sistema oficial de agendamento: os dados necessários para marcar o seu atendimento, tirados do seu cadastro, do formulário e dos documentos.',
            `Empresa que hospeda o nosso servidor e os dados, e o país onde ficam: ${TO_COMPLETE}.`,
            `Serviço de envio de e-mails: ${TO_COMPLETE}.`,
            'Autoridades públicas, quando a lei ou uma ordem judicial exigir.',
          ],
        },
        `O consulado é um órgão do governo italiano: os dados usados no agendamento passam a ser tratados também por ele, segundo as regras dele (transferência internacional, LGPD art. 33) ${TO_REVIEW}.`,
        'Não vendemos os seus dados e não os usamos para publicidade.',
      ],
    },
    {
      id: 'guarda',
      title: 'Onde e por quanto tempo guardamos',
      blocks: [
        'Os dados da sua conta, dos pagamentos, dos agendamentos e do processo ficam no nosso servidor (banco de dados PocketBase).',
        {
          list: [
            'Conta e agendamento: enquanto você mantiver a conta. Depois de um pedido de exclusão, apagamos ou tornamos anônimos os dados, menos os que a lei nos obriga a guardar.',
            `Registros de pagamento: pelo prazo exigido pelas leis fiscais e contábeis ${TO_REVIEW}.`,
            `Registros de acesso ao servidor (endereço IP, data e hora): prazo ${TO_REVIEW}.`,
            `Arquivos dos documentos: excluídos automaticamente ${retencaoDiasPadrao} dias depois que o agendamento é finalizado ou cancelado; o histórico do agendamento registra quando foram excluídos. Os dados dos requerentes ficam com o agendamento (LGPD, arts. 15 e 16).`,
          ],
        },
      ],
    },
    {
      id: 'navegador',
      title: 'Cookies e armazenamento no navegador',
      blocks: [
        'O site não grava cookies e não usa ferramentas de rastreamento, de publicidade ou de estatísticas de terceiros.',
        'Para manter você conectado, o site guarda no armazenamento da sessão do navegador (sessionStorage) o seu identificador, um código de acesso, o seu nome, e-mail, celular e CPF e se a conta é da equipe. Os dados do cartão nunca são guardados ali.',
        'Ao clicar em Sair, os dados da sessão são apagados. Fechar a aba apaga tudo.',
      ],
    },
    {
      id: 'direitos',
      title: 'Seus direitos',
      blocks: [
        'A LGPD (art. 18) garante a você, a qualquer momento:',
        {
          list: [
            'confirmar se tratamos dados seus;',
            'ter acesso aos seus dados;',
            'corrigir dados incompletos, inexatos ou desatualizados;',
            'pedir que dados desnecessários, excessivos ou tratados fora da lei sejam anonimizados, bloqueados ou eliminados;',
            'receber os seus dados para levá-los a outro fornecedor (portabilidade);',
            'pedir a eliminação dos dados tratados com o seu consentimento;',
            'saber com quem compartilhamos os seus dados;',
            'saber que pode não dar consentimento, e o que acontece se não der;',
            'revogar o consentimento que tiver dado.',
          ],
        },
        'Como exercer:',
        {
          list: [
            'Em Minha conta (no menu, depois de entrar): veja os dados da sua conta, corrija o celular, baixe uma cópia de tudo o que o servidor guarda sobre você (arquivo JSON) e peça a exclusão da conta.',
            'Para corrigir nome, CPF ou e-mail, ou para qualquer outro pedido, escreva para o encarregado ou para o atendimento.',
          ],
        },
        'Pedidos de confirmação e de acesso são respondidos em até 15 dias (LGPD, art. 19).',
        'Se você pedir a exclusão com um agendamento em andamento, a conta é mantida até o atendimento terminar e excluída depois. Dados que a lei manda guardar, como os registros de pagamento, são mantidos pelo prazo legal (LGPD, art. 16).',
        'Você também pode reclamar à Autoridade Nacional de Proteção de Dados:',
        {
          links: [{ to: 'https://www.gov.br/anpd', text: 'Autoridade Nacional de Proteção de Dados (ANPD)' }],
        },
      ],
    },
    {
      id: 'seguranca',
      title: 'Segurança',
      blocks: [
        'As regras do nosso servidor deixam cada cliente ver só os próprios dados; a equipe vê o necessário para fazer os agendamentos. As senhas são guardadas cifradas.',
        'Se um incidente de segurança puder causar risco ou dano relevante a você, avisaremos você e a ANPD (LGPD, art. 48).',
      ],
    },
    {
      id: 'mudancas',
      title: 'Mudanças nesta política',
      blocks: [
        'Quando esta política mudar, a nova versão será publicada nesta página.',
        `Versão e data desta política: ${TO_COMPLETE}.`,
      ],
    },
  ],
};
