/** The text of /termos (see legal-content.ts), loaded with that page only. */
import { FLEX_DEADLINE_DAYS, FLEX_FEE, PRICES } from './constants';
import { brand, legalLinks, TO_COMPLETE, TO_REVIEW } from './content';
import type { LegalDocument } from './legal-content';
import { paths } from './routes';
import { formatBRL } from '@/lib/money';
import type { ServiceId } from '@/lib/types';

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
        `Condições do Flex: uma nova data por pedido, pedida na página de andamento até ${FLEX_DEADLINE_DAYS} dias antes do atendimento (dias de Brasília), com o motivo. O agendamento anterior é cancelado e o processo volta para a fila de agendamento, com o seu histórico. Depois desse prazo, o Flex não pode mais ser usado para aquele atendimento.`,
        'Se o próprio consulado cancelar o atendimento, buscamos uma nova data sem custo, e o Flex não é usado.',
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

/**
 * The terms with the guarantee's section (its text from the kit, pocketbase/pb_hooks/lib/garantia_comum.js
 * `termos`), after the cancellation rules: shown only while the server has the guarantee on.
 */
export function withGuarantee(document: LegalDocument, text: string): LegalDocument {
  const at = document.sections.findIndex((s) => s.id === 'cancelamento') + 1;
  const section = { id: 'garantia', title: 'Garantia de agendamento', blocks: [text] };
  return {
    ...document,
    sections: [...document.sections.slice(0, at), section, ...document.sections.slice(at)],
  };
}
