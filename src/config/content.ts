/**
 * Every piece of placeholder copy in one place, in plain pt-BR, so the business can edit it.
 * No invented prices, guarantees or deadlines: what depends on the consulate says so.
 */
import { installmentPlan } from '@/lib/installments';
import { formatBRL } from '@/lib/money';
import type { ServiceId } from '@/lib/types';
import { paths } from './routes';

export const brand = {
  name: 'Passaporte Italiano',
  tagline: 'Agendamos seu atendimento no consulado por você',
  footerNote:
    'Empresa privada de assessoria, sem vínculo com o Governo da Itália ou com os consulados italianos.',
  disclaimer:
    'Somos uma empresa privada de assessoria. Não temos nenhum vínculo com o Governo da Itália, com os consulados ou com qualquer órgão oficial italiano. O agendamento é feito em seu nome, com os seus dados, nos canais oficiais.',
};

export const howItWorks = [
  {
    title: 'Escolha o agendamento',
    text: 'Veja os serviços Individual e Familiar e escolha o que atende você e sua família.',
  },
  {
    title: 'Preencha seus dados',
    text: 'Depois do pagamento, envie o formulário e os documentos pedidos pelo consulado.',
  },
  {
    title: 'Aguarde o agendamento',
    text: 'Conferimos seus dados e buscamos uma vaga para você. Cada etapa aparece na sua página de acompanhamento.',
  },
  {
    title: 'Vá ao consulado',
    text: 'Compareça no dia e horário marcados, com os documentos originais.',
  },
] as const;

export interface ServiceContent {
  id: ServiceId;
  name: string;
  summary: string;
  bullets: string[];
  inclusions: string[];
  notes: string[];
}

export const services: Record<ServiceId, ServiceContent> = {
  individual: {
    id: 'individual',
    name: 'Individual',
    summary: 'Agendamento do atendimento de passaporte para uma pessoa.',
    bullets: [
      'Agendamento para 1 pessoa',
      'Conferência do formulário e dos documentos',
      'Acompanhamento online de cada etapa',
    ],
    inclusions: [
      'Agendamento do atendimento de passaporte para 1 pessoa no consulado da sua jurisdição',
      'Conferência do formulário e da documentação antes do agendamento',
      'Avisos por e-mail e página de acompanhamento com cada etapa',
      'Orientação sobre os documentos a levar no dia',
    ],
    notes: [
      'As taxas consulares do passaporte não estão incluídas e são pagas diretamente ao consulado.',
      'A data depende da disponibilidade de vagas do consulado, que não controlamos.',
      'O comparecimento ao consulado é pessoal.',
    ],
  },
  familiar: {
    id: 'familiar',
    name: 'Familiar',
    summary: 'Agendamento para você e seus familiares no mesmo processo.',
    bullets: [
      'Agendamento para o titular e familiares',
      'Conferência dos documentos de todos',
      'Acompanhamento online de cada etapa',
    ],
    inclusions: [
      'Agendamento do atendimento de passaporte para o titular e os familiares do mesmo núcleo',
      'Conferência do formulário e da documentação de cada pessoa',
      'Avisos por e-mail e página de acompanhamento com cada etapa',
      'Orientação sobre os documentos a levar no dia',
    ],
    notes: [
      'As taxas consulares do passaporte não estão incluídas e são pagas diretamente ao consulado.',
      'A data depende da disponibilidade de vagas do consulado, que não controlamos.',
      'Cada pessoa deve comparecer ao atendimento.',
    ],
  },
};

export const flex = {
  name: 'Flex',
  summary: 'Remarcação opcional, contratada junto com o agendamento.',
  bullets: [
    'Uma nova busca de vaga se você não puder ir na data marcada',
    'Contratado junto com o serviço Individual ou Familiar',
    'Opcional',
  ],
  bannerTitle: 'Adicione o Flex',
  bannerText: 'Se precisar remarcar, buscamos uma nova data para você.',
};

export interface FaqItem {
  question: string;
  answer: string;
  /** A page that answers further (shown after the answer; not part of the answer's text). */
  more?: { href: string; text: string };
}

export const faq: FaqItem[] = [
  {
    question: 'Como funciona o agendamento?',
    answer:
      'Você escolhe o serviço, paga no cartão ou no Pix e envia o formulário com seus documentos. Conferimos tudo e fazemos o agendamento em seu nome, com os seus dados, no sistema oficial do consulado. Você acompanha cada etapa na página "Consultar andamento".',
  },
  {
    question: 'Quanto tempo demora?',
    answer:
      'Depende da disponibilidade de vagas de cada consulado, que muda ao longo do ano. Começamos assim que seus documentos forem validados e avisamos por e-mail quando a data estiver marcada.',
    // issue #28, item 5: our own figures per consulate.
    more: { href: paths.wait, text: 'Veja quanto tempo levou, por consulado, nos casos que agendamos' },
  },
  {
    question: 'Quais documentos são necessários?',
    answer:
      'Em geral: documento de identidade italiano ou certidão de nascimento italiana, passaporte anterior (se houver), comprovante de residência e o formulário preenchido. A lista exata para o seu caso aparece na página de acompanhamento depois da compra.',
  },
  {
    question: 'Quanto custa?',
    answer:
      'O serviço Individual custa R$ 699,00 e o Familiar R$ 999,00, à vista no Pix ou em até 6x no cartão de crédito. A remarcação Flex é opcional e custa R$ 199,00. As taxas consulares não estão incluídas.',
  },
] as const;

export const requiredDocuments = [
  'Documento de identidade com foto (original)',
  'Passaporte anterior, se houver',
  'Comprovante de residência recente',
  'Formulário de solicitação impresso e assinado',
  'Comprovante do pagamento da taxa consular',
];

export const termsText =
  'Li e aceito os termos de serviço: o agendamento é feito em meu nome, a data depende das vagas do consulado e as taxas consulares não estão incluídas.';

// ---------------------------------------------------------------- the purchase: contract summary

/**
 * What the purchase area shows before 'Pagar' (Decreto 7.962/2013 art. 4º: a summary of the contract before
 * the purchase). Amounts in reais come in as arguments and the functions format them. (This module imports
 * no ./constants: measured, that import made the bundler split the first bundle into small chunks, +2 KB.)
 */
export const contractSummary = {
  title: 'Resumo da contratação',
  serviceLabel: 'Serviço',
  service: (serviceName: string) => `Agendamento ${serviceName}`,
  flexLabel: 'Flex (remarcação)',
  /** the Flex fee added to the total, 0 without Flex */
  flex: (fee: number) => (fee > 0 ? `Incluído: ${formatBRL(fee)}` : 'Não incluído'),
  totalLabel: 'Total',
  total: (total: number) => formatBRL(total),
  installmentsLabel: 'Pagamento',
  /** '1x de R$ 699,00 (à vista)', '3x de R$ 233,00', '6x: 5 de R$ 149,66 e 1 de R$ 149,70' */
  installments: (total: number, count: number) => {
    const plan = installmentPlan(total, count);
    if (count === 1) return `1x de ${formatBRL(plan.total)} (à vista) no cartão de crédito`;
    if (plan.value === plan.last) return `${count}x de ${formatBRL(plan.value)} no cartão de crédito`;
    return `${count}x no cartão de crédito: ${count - 1} de ${formatBRL(plan.value)} e 1 de ${formatBRL(plan.last)}`;
  },
  consularFees:
    'As taxas consulares do passaporte não estão incluídas: são pagas por você diretamente ao consulado.',
  withdrawal:
    'Você pode desistir da compra em até 7 dias, contados da contratação, e receber de volta todo o valor pago (Código de Defesa do Consumidor, art. 49).',
  receipt: 'Assim que o pagamento for confirmado, enviamos o comprovante da compra para o seu e-mail.',
  termsLinkText: 'Leia os termos de serviço',
};

// ---------------------------------------------------------------- legal pages (/termos, /privacidade)
// Their texts are in terms-content.ts and privacy-content.ts: each loads with its page only, out of the first bundle.

/** Shown as is where only the business can give the fact; never replaced by an invented one. */
export const TO_COMPLETE = '[a completar pela empresa]';
/** Shown as is where a lawyer must confirm the point. */
export const TO_REVIEW = '[a confirmar com advogado]';

/** Names of the legal pages and of the links to them (footer, register form, purchase area). */
export const legalLinks = {
  terms: 'Termos de serviço',
  privacy: 'Política de privacidade',
  newTab: '(abre em nova aba)',
  registerNote: 'Seus dados são usados só para prestar o serviço.',
};
