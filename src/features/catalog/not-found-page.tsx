import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/routes';
import { titles } from '@/config/seo';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle(titles.notFound);
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold">Página não encontrada</h1>
      <p className="mt-3 text-lg text-ink-700">A página que você está tentando acessar não existe.</p>
      <Link to={paths.home} className={buttonClass('primary', 'mt-8')}>
        Voltar para a página inicial
      </Link>
    </section>
  );
}
