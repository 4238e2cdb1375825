import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { companyFacts, MarkedText } from '@/components/legal/to-complete';
import { TO_COMPLETE } from '@/config/content';
import { legalDraftNotice, type LegalBlock, type LegalDocument } from '@/config/legal-content';
import { env } from '@/lib/env';
import { paths } from '@/config/routes';
import { titles } from '@/config/seo';
import { useDocumentTitle } from '@/lib/use-document-title';

const linkClass = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900';

interface Fact {
  label: string;
  value: string;
  href?: string;
}

function Facts({ facts }: { facts: Fact[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-gray-200 bg-gray-50 p-4 sm:grid-cols-[max-content_1fr]">
      {facts.map((fact) => (
        <div key={fact.label} className="contents">
          <dt className="font-semibold text-ink-900">{fact.label}</dt>
          <dd className="break-words">
            {fact.href && fact.value !== TO_COMPLETE ? (
              <a className={linkClass} href={fact.href}>
                {fact.value}
              </a>
            ) : (
              <MarkedText text={fact.value} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function factsOf(kind: 'company' | 'contacts' | 'dpo'): Fact[] {
  if (kind === 'company') return companyFacts();
  if (kind === 'contacts')
    return [
      { label: 'E-mail', value: env.supportEmail, href: `mailto:${env.supportEmail}` },
      {
        label: 'WhatsApp',
        value: env.supportWhatsapp,
        href: `https://wa.me/${env.supportWhatsapp.replace(/\D/g, '')}`,
      },
    ];
  return [
    { label: 'Nome', value: env.dpo.name ?? TO_COMPLETE },
    { label: 'E-mail', value: env.dpo.email ?? TO_COMPLETE, href: `mailto:${env.dpo.email ?? ''}` },
  ];
}

function Block({ block }: { block: LegalBlock }): ReactNode {
  if (typeof block === 'string')
    return (
      <p>
        <MarkedText text={block} />
      </p>
    );
  if ('list' in block)
    return (
      <ul className="list-disc space-y-2 pl-6 marker:text-brand-700">
        {block.list.map((item) => (
          <li key={item}>
            <MarkedText text={item} />
          </li>
        ))}
      </ul>
    );
  if ('facts' in block) return <Facts facts={factsOf(block.facts)} />;
  return (
    <ul className="flex flex-wrap gap-x-6 gap-y-2">
      {block.links.map(({ to, text }) => (
        <li key={to}>
          {to.startsWith('/') ? (
            <Link className={linkClass} to={to}>
              {text}
            </Link>
          ) : (
            <a className={linkClass} href={to} rel="noopener noreferrer">
              {text}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** /termos and /privacidade: one document each (config/legal-content.ts), prerendered like the other public pages. */
export function LegalPage({ document }: { document: LegalDocument }) {
  useDocumentTitle(titles.legal(document.title));
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 leading-relaxed text-ink-700">
      <nav aria-label="Você está em">
        <ol className="flex flex-wrap gap-2 text-sm">
          <li>
            <Link className={linkClass} to={paths.home}>
              Início
            </Link>
            <span aria-hidden="true" className="ml-2">
              ›
            </span>
          </li>
          <li aria-current="page">{document.title}</li>
        </ol>
      </nav>
      <h1 className="mt-4 text-3xl font-extrabold text-ink-900 sm:text-4xl">{document.title}</h1>
      <p className="mt-4 text-lg">{document.summary}</p>
      {legalDraftNotice ? (
        <p className="mt-6 rounded-xl border border-amber-400 bg-amber-50 p-4 text-ink-900">
          <MarkedText text={legalDraftNotice} />
        </p>
      ) : null}

      <nav aria-labelledby="indice" className="mt-8 rounded-2xl border border-gray-200 p-5">
        <h2 id="indice" className="font-bold text-ink-900">
          Nesta página
        </h2>
        <ol className="mt-3 grid gap-1 sm:grid-cols-2">
          {document.sections.map((section, i) => (
            <li key={section.id}>
              <a
                className="inline-flex min-h-11 items-center text-brand-800 underline-offset-2 hover:underline"
                href={`#${section.id}`}
              >
                {i + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {document.sections.map((section, i) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-titulo`}
          className="mt-10 scroll-mt-24"
        >
          <h2 id={`${section.id}-titulo`} className="text-2xl font-bold text-ink-900">
            {i + 1}. {section.title}
          </h2>
          <div className="mt-3 space-y-4">
            {section.blocks.map((block, j) => (
              <Block key={j} block={block} />
            ))}
          </div>
        </section>
      ))}
    </article>
  );
}
