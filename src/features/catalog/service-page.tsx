import { Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PageLoading } from '@/components/ui/spinner';
import { PRICES } from '@/config/constants';
import { services } from '@/config/content';
import { paths } from '@/config/routes';
import { formatBRL } from '@/lib/money';
import { SERVICE_IDS, type ServiceId } from '@/lib/types';
import { useMode } from '@/lib/use-mode';
import { useSession } from '@/lib/use-session';
import { NotFoundPage } from './not-found-page';
import { titles } from '@/config/seo';
import { useDocumentTitle } from '@/lib/use-document-title';

export interface PurchaseAreaProps {
  serviceId: ServiceId;
  /** 'Contratar' was pressed: show the purchase form (before that it only checks the customer's payments). */
  open: boolean;
}

function isServiceId(id: string | undefined): id is ServiceId {
  return (SERVICE_IDS as readonly string[]).includes(id ?? '');
}

function List({ title, items }: { title: string; items: string[] }) {
  return (
    <section className="mt-8">
      <h2 className="text-xl font-bold">{title}</h2>
      <ul className="mt-3 space-y-2 text-ink-700">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <span aria-hidden="true" className="font-bold text-brand-700">
              •
            </span>
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The purchase area is given by the app layer, so the catalog does not depend on checkout. */
export function ServicePage({ PurchaseArea }: { PurchaseArea?: ComponentType<PurchaseAreaProps> }) {
  const { id } = useParams();
  const session = useSession();
  const setMode = useMode();
  // Each press of 'Contratar' brings what it opened into view and moves focus there: the form, or the notice
  // of a purchase already under way (where the button changes nothing else). Pressed once, the form is open.
  const [presses, setPresses] = useState(0);
  const buying = presses > 0;
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (presses === 0) return;
    area.current?.scrollIntoView({ block: 'start' });
    area.current?.focus({ preventScroll: true });
  }, [presses]);
  useDocumentTitle(isServiceId(id) ? titles.service(services[id].name) : titles.notFound);

  if (!isServiceId(id)) return <NotFoundPage />;
  const service = services[id];

  const onContratar = () => {
    if (!session) {
      setMode('login');
      return;
    }
    setPresses((n) => n + 1);
  };

  return (
    <>
      <div className="relative isolate overflow-hidden bg-ink-900">
        <img
          src="/cover.svg"
          alt=""
          width="1200"
          height="630"
          fetchPriority="high"
          className="absolute inset-0 -z-10 h-full w-full object-cover opacity-50"
        />
        <div className="mx-auto max-w-4xl px-4 py-10">
          <Link
            to={paths.home}
            className="inline-flex min-h-11 items-center gap-1 font-semibold text-white underline-offset-4 hover:underline"
          >
            <span aria-hidden="true">←</span> Voltar
          </Link>
          <h1 className="mt-4 text-3xl font-extrabold text-white sm:text-5xl">Agendamento {id}</h1>
          <p className="mt-3 max-w-2xl text-lg text-gray-100">{service.summary}</p>
        </div>
      </div>

      <div className="mx-auto grid max-w-4xl gap-10 px-4 py-10 md:grid-cols-[1fr_18rem]">
        <div>
          <List title="O que está incluído" items={service.inclusions} />
          <List title="Observações" items={service.notes} />
        </div>
        <aside
          aria-label="Preço"
          className="h-fit rounded-2xl border border-gray-200 p-6 shadow-sm md:sticky md:top-24"
        >
          <p className="text-sm text-ink-700">Valor do serviço</p>
          <p className="mt-1 text-4xl font-extrabold">{formatBRL(PRICES[id])}</p>
          <p className="mt-1 text-sm text-ink-700">no Pix ou em até 6x no cartão de crédito</p>
          <Button className="mt-6 w-full" onClick={onContratar} aria-expanded={session ? buying : undefined}>
            Contratar
          </Button>
        </aside>
      </div>

      {/* Signed in, it loads at once: a customer who already paid goes to /tracking (seed §2). */}
      {session && PurchaseArea ? (
        <div ref={area} tabIndex={-1} className="mx-auto max-w-4xl scroll-mt-20 px-4 pb-10 outline-none">
          <Suspense fallback={<PageLoading />}>
            <PurchaseArea serviceId={id} open={buying} />
          </Suspense>
        </div>
      ) : null}
    </>
  );
}
