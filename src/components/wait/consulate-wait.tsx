import { consulateWaitHtml, type EsperaConsulado } from './wait-markup';

/** One consulate's published wait (figures, chart, months), as the public page draws it (wait-markup.ts). */
export function ConsulateWait({
  consulado,
  heading,
  id,
}: {
  consulado: EsperaConsulado;
  heading: 'h2' | 'h3' | 'h4';
  id: string;
}) {
  return <div dangerouslySetInnerHTML={{ __html: consulateWaitHtml(consulado, heading, id) }} />;
}
