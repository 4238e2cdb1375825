/**
 * Head tags of the prerendered public pages: title, description, canonical, sharing cards and JSON-LD.
 * Built from the same content the pages show, so search results never disagree with the page.
 */
import { brand, faq, services } from './content';
import type { LegalDocument } from './legal-content';
import { PRICES } from './constants';
import { env } from '../lib/env';

export interface PageHead {
  path: string;
  /** the file written by the prerender, relative to dist/ */
  file: string;
  title: string;
  description: string;
  indexable: boolean;
  jsonLd: object[];
}

const organization = () => ({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: brand.name,
  url: `${env.siteUrl}/`,
  logo: `${env.siteUrl}/favicon.svg`,
  email: env.supportEmail,
  description: brand.tagline,
  // Only what the business configured: never the '[a completar]' marks.
  ...(env.company.legalName ? { legalName: env.company.legalName } : {}),
  ...(env.company.cnpj ? { taxID: env.company.cnpj } : {}),
  ...(env.company.address ? { address: env.company.address } : {}),
});

/** A legal page: what it is, where it sits (Início > page), in which language, and whose it is. */
const legalLd = (document: LegalDocument) => [
  {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: document.title,
    description: document.summary,
    url: `${env.siteUrl}${document.path}`,
    inLanguage: 'pt-BR',
    isPartOf: { '@type': 'WebSite', name: brand.name, url: `${env.siteUrl}/` },
    publisher: { '@type': 'Organization', name: brand.name, url: `${env.siteUrl}/` },
  },
  {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Início', item: `${env.siteUrl}/` },
      { '@type': 'ListItem', position: 2, name: document.title, item: `${env.siteUrl}${document.path}` },
    ],
  },
];

const serviceLd = (id: keyof typeof services) => ({
  '@context': 'https://schema.org',
  '@type': 'Service',
  name: `Agendamento ${services[id].name}`,
  description: services[id].summary,
  provider: { '@type': 'Organization', name: brand.name, url: `${env.siteUrl}/` },
  areaServed: { '@type': 'Country', name: 'Brasil' },
  url: `${env.siteUrl}/services/${id}`,
  offers: {
    '@type': 'Offer',
    price: PRICES[id].toFixed(2),
    priceCurrency: 'BRL',
    availability: 'https://schema.org/InStock',
    url: `${env.siteUrl}/services/${id}`,
  },
});

const faqLd = () => ({
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  mainEntity: faq.map((item) => ({
    '@type': 'Question',
    name: item.question,
    acceptedAnswer: { '@type': 'Answer', text: item.answer },
  })),
});

export const titles = {
  home: `Agendamento de Passaporte Italiano | ${brand.name}`,
  service: (name: string) => `Agendamento ${name} | ${brand.name}`,
  notFound: `Página não encontrada | ${brand.name}`,
  legal: (title: string) => `${title} | ${brand.name}`,
  wait: `Quanto tempo demora o agendamento | ${brand.name}`,
};

/**
 * Every prerendered page. The legal documents come from the caller (entry-server.tsx): imported here, their
 * long texts would join the first bundle, which uses this module for `titles`.
 */
export const pages = (legal: readonly LegalDocument[]): PageHead[] => [
  {
    path: '/',
    file: 'index.html',
    title: titles.home,
    description:
      'Agendamos seu atendimento de passaporte italiano no consulado da Itália por você. Individual R$ 699,00, Familiar R$ 999,00, em até 6x no cartão.',
    indexable: true,
    jsonLd: [organization(), faqLd()],
  },
  ...(['individual', 'familiar'] as const).map((id) => ({
    path: `/services/${id}`,
    file: `services/${id}.html`,
    title: titles.service(services[id].name),
    description: `${services[id].summary} Conferimos seus documentos e agendamos no consulado por ${PRICES[id]
      .toFixed(2)
      .replace('.', ',')} reais, em até 6x no cartão.`,
    indexable: true,
    jsonLd: [organization(), serviceLd(id)],
  })),
  ...legal.map((document) => ({
    path: document.path,
    file: `${document.path.slice(1)}.html`,
    title: titles.legal(document.title),
    description: document.summary,
    indexable: true,
    jsonLd: legalLd(document),
  })),
  {
    path: '/espera',
    file: 'espera.html',
    title: titles.wait,
    description:
      'Quantos dias se passaram entre os documentos validados e a data marcada, por consulado, nos casos que agendamos nos últimos 180 dias.',
    indexable: true,
    jsonLd: [],
  },
  {
    path: '/404',
    file: '404.html',
    title: titles.notFound,
    description: 'A página que você está tentando acessar não existe.',
    indexable: false,
    jsonLd: [],
  },
];
