import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { WAIT_BOX_ID, WAIT_FAILED, WAIT_LOADING, waitPageHtml } from '@/components/wait/wait-markup';
import { paths } from '@/config/routes';
import { titles } from '@/config/seo';
import { fetchWaitFigures } from '@/lib/api/wait-public';
import { backendReady } from '@/lib/backend-ready';
import { apiBaseUrl } from '@/lib/pocketbase';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /espera (issue #28, item 5): how long our own cases took from ready to booked, per consulate, from the
 * figures the server publishes (GET /api/espera). Prerendered with the text and an empty box; the figures are
 * drawn by the page's small script on a first visit, by this component once the app is here.
 */
export function WaitPage() {
  useDocumentTitle(titles.wait);
  const [html, setHtml] = useState(WAIT_LOADING);
  useEffect(() => {
    let live = true;
    // In demo mode the in-browser backend starts after the first paint, as every API call waits for it.
    backendReady
      .then(() => fetchWaitFigures(apiBaseUrl))
      .then(
        (resumo) => live && setHtml(waitPageHtml(resumo)),
        () => live && setHtml(WAIT_FAILED),
      );
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Quanto tempo demora</h1>
      <p className="mt-4 text-lg text-ink-700">
        Depende das vagas de cada consulado. Estes são os nossos próprios números: quantos dias se passaram
        entre os documentos validados e a data marcada no consulado, nos casos que agendamos nos últimos 180
        dias. A mediana é o tempo em que metade dos casos foi agendada; o segundo número, o tempo em que 8 de
        cada 10 foram. Com menos de 5 casos num consulado, dizemos que há poucos dados ainda.
      </p>
      <div id={WAIT_BOX_ID} className="mt-8" aria-live="polite" dangerouslySetInnerHTML={{ __html: html }} />
      <p className="mt-8">
        <Link to={paths.home} className="font-semibold text-brand-800 underline underline-offset-2">
          Voltar para a página inicial
        </Link>
      </p>
    </section>
  );
}
