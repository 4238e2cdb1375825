/**
 * Head tags of the prerendered public pages: title, description, canonical, sharing cards and JSON-LD.
 * Built from the same content the pages show, so search results never disagree with the page.
 */
import { brand, faq, services } from './content';
import { PRICES } from './constants';
import { env } from './env';

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
});

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
};

export const pages = (): PageHead[] => [
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
  {
    path: '/404',
    file: '404.html',
    title: titles.notFound,
    description: 'A página que você está tentando acessar não existe.',
    indexable: false,
    jsonLd: [],
  },
];
