import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { FLEX_FEE, PRICES } from '@/config/constants';
import { brand, flex, howItWorks, services } from '@/config/content';
import { paths } from '@/config/routes';
import { cn } from '@/lib/cn';
import { formatBRL } from '@/lib/money';
import { Faq } from './faq';
import { titles } from '@/config/seo';
import { useDocumentTitle } from '@/lib/use-document-title';

function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="mt-4 space-y-2 text-ink-700">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <span aria-hidden="true" className="font-bold text-brand-700">
            ✓
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}

interface CardProps {
  name: string;
  price: number;
  summary: string;
  bullets: readonly string[];
  to?: string;
  badge?: string;
  highlight?: boolean;
}

function ServiceCard({ name, price, summary, bullets, to, badge, highlight }: CardProps) {
  return (
    <article
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
        highlight ? 'border-brand-700 ring-2 ring-brand-700' : 'border-gray-200',
      )}
    >
      {badge ? (
        <Badge className="absolute -top-3 left-6 bg-accent-700 px-3 py-1 text-white">{badge}</Badge>
      ) : null}
      <h3 className="text-xl font-bold">{name}</h3>
      <p className="mt-1 text-ink-700">{summary}</p>
      <p className="mt-4 text-3xl font-extrabold text-ink-900">{formatBRL(price)}</p>
      <CheckList items={bullets} />
      <div className="mt-auto pt-6">
        {to ? (
          <Link to={to} className={buttonClass(highlight ? 'primary' : 'secondary', 'w-full')}>
            Escolher {name}
          </Link>
        ) : (
          <p className="rounded-lg bg-gray-100 px-4 py-3 text-center text-sm text-ink-700">
            Opcional: adicione ao contratar Individual ou Familiar
          </p>
        )}
      </div>
    </article>
  );
}

export function HomePage() {
  useDocumentTitle(titles.home);
  const scrollToServices = () => {
    const target = document.getElementById('servicos');
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target?.focus({ preventScroll: true });
  };

  return (
    <>
      <section className="relative isolate overflow-hidden bg-ink-900">
        {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- the seed fixes this alt text */}
        <img
          src="/cover.svg"
          alt="Cover Image"
          width="1200"
          height="630"
          fetchPriority="high"
          className="absolute inset-0 -z-10 h-full w-full object-cover opacity-60"
        />
        <div className="absolute inset-0 -z-10 bg-gradient-to-r from-ink-900/90 via-ink-900/60 to-ink-900/10" />
        <div className="mx-auto max-w-6xl px-4 py-20 sm:py-28">
          <h1 className="text-4xl font-extrabold leading-tight text-white sm:text-6xl">
            <span className="block">Agendamento de</span>{' '}
            <span className="block text-[#f6d9a8]">Passaporte Italiano</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-gray-100">
            {brand.tagline}. Você envia seus dados, nós cuidamos do agendamento e você acompanha tudo online.
          </p>
          <a href="#servicos" className={buttonClass('light', 'mt-8')}>
            Ver serviços e preços
          </a>
        </div>
      </section>

      <section aria-labelledby="como-funciona" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="como-funciona" className="text-center text-3xl font-bold">
          Como funciona
        </h2>
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {howItWorks.map((step, index) => (
            <li
              key={step.title}
              className="flex flex-col rounded-2xl border border-gray-200 bg-brand-50/40 p-6"
            >
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-bold">{step.title}</h3>
              <p className="mt-2 text-ink-700">{step.text}</p>
              {index === 0 ? (
                <button
                  type="button"
                  onClick={scrollToServices}
                  data-scroll-to="servicos"
                  className={buttonClass('secondary', 'mt-4 self-start')}
                >
                  Ver mais
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      </section>

      <section
        id="servicos"
        tabIndex={-1}
        aria-labelledby="servicos-titulo"
        className="scroll-mt-20 bg-gray-50 py-16 focus:outline-none"
      >
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="servicos-titulo" className="text-center text-3xl font-bold">
            Escolha seu agendamento
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-ink-700">
            Pagamento no Pix ou no cartão de crédito em até 6x.
          </p>
          <div className="mt-12 grid gap-8 md:grid-cols-3">
            <ServiceCard
              name={services.familiar.name}
              price={PRICES.familiar}
              summary={services.familiar.summary}
              bullets={services.familiar.bullets}
              to={paths.service('familiar')}
            />
            <ServiceCard
              name={services.individual.name}
              price={PRICES.individual}
              summary={services.individual.summary}
              bullets={services.individual.bullets}
              to={paths.service('individual')}
              badge="Mais vendido"
              highlight
            />
            <ServiceCard name={flex.name} price={FLEX_FEE} summary={flex.summary} bullets={flex.bullets} />
          </div>
        </div>
      </section>

      <Faq />
    </>
  );
}
