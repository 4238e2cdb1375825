import { useRouteError } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';

/** Last line of defence: a crash inside a page shows a way out instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">Algo deu errado ao abrir esta página.</h1>
      <p className="mt-3 text-ink-700">Tente recarregar. Se continuar, fale com o nosso atendimento.</p>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
          Recarregar
        </button>
        <a className={buttonClass('secondary')} href="/">
          Ir para o início
        </a>
      </div>
    </div>
  );
}
