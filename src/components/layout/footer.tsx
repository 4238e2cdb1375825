import { Link } from 'react-router-dom';
import { brand, legalLinks } from '@/config/content';
import { env } from '@/lib/env';
import { paths } from '@/config/routes';
import { companyFacts, MarkedText } from '@/components/legal/to-complete';

const linkClass = 'underline underline-offset-2 hover:text-white';

export function Footer() {
  const whatsappDigits = env.supportWhatsapp.replace(/\D/g, '');
  return (
    <footer className="mt-16 bg-ink-900 text-gray-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{brand.name}</p>
          <p className="mt-2 text-sm">{brand.tagline}.</p>
        </div>
        <div>
          <h2 className="font-semibold text-white">Contato</h2>
          <ul className="mt-2 space-y-2 text-sm">
            <li>
              E-mail:{' '}
              <a className={linkClass} href={`mailto:${env.supportEmail}`}>
                {env.supportEmail}
              </a>
            </li>
            <li>
              WhatsApp:{' '}
              <a
                className={linkClass}
                href={`https://wa.me/${whatsappDigits}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {env.supportWhatsapp}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-white">Serviços</h2>
          <ul className="mt-2 space-y-2 text-sm">
            <li>
              <Link className={linkClass} to={paths.service('individual')}>
                Serviço Individual
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.service('familiar')}>
                Serviço Familiar
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-white">Informações</h2>
          <ul className="mt-2 space-y-2 text-sm">
            <li>
              <Link className={linkClass} to={paths.terms}>
                {legalLinks.terms}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.privacy}>
                {legalLinks.privacy}
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-xs text-gray-300 sm:flex-row sm:items-center sm:justify-between">
          <div className="max-w-3xl space-y-2">
            <p>{brand.footerNote}</p>
            {/* Who sells (Decreto 7.962/2013 art. 2º), from the configuration; unset values are marked. */}
            <p>
              {companyFacts().map(({ label, value }, i) => (
                <span key={label}>
                  {i > 0 ? ' · ' : null}
                  {label}: <MarkedText text={value} />
                </span>
              ))}
            </p>
          </div>
          <button
            type="button"
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
            data-scroll-to="top"
            className="inline-flex min-h-11 shrink-0 items-center gap-2 self-start rounded-lg border border-white/30 px-4 text-sm font-semibold text-white hover:bg-white/10"
          >
            <span aria-hidden="true">↑</span> Voltar ao topo
          </button>
        </div>
      </div>
    </footer>
  );
}
