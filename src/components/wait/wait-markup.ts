/**
 * The published wait (issue #28, item 5) drawn as HTML: per consulate, its figures in a sentence, a small bar
 * chart month by month (SVG, role="img" with the figures as its text alternative) and the same figures as text
 * beside it. A string, not React, so that the public page's own small script (wait-page-script.ts) draws it
 * before the app loads, and the app (the public page, tracking, staff) draws exactly the same.
 */
import espera, { type EsperaConsulado, type ResumoEspera } from '../../../pocketbase/pb_hooks/lib/espera.js';
import prazo from '../../../pocketbase/pb_hooks/lib/prazo.js';

export type { EsperaConsulado, ResumoEspera };

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const W = 300;
const H = 150;
const TOP = 18;
const BOTTOM = 22;

/** One month's line: 'jun/2026: 12 dias (4 casos)'. */
function monthLine(m: EsperaConsulado['meses'][number]): string {
  const label = espera.mesCurto(m.mes);
  if (m.mediana === null) return `${label}: nenhum caso agendado`;
  return `${label}: ${espera.dias(m.mediana)} (${m.casos} ${m.casos === 1 ? 'caso' : 'casos'})`;
}

/** The bar chart of the months' medians; its accessible name is every month's line. */
function chart(c: EsperaConsulado, id: string): string {
  const top = Math.max(1, ...c.meses.map((m) => m.mediana ?? 0));
  const slot = W / c.meses.length;
  const bars = c.meses
    .map((m, i) => {
      const x = i * slot + slot * 0.2;
      const w = slot * 0.6;
      const label = `<text x="${(x + w / 2).toFixed(1)}" y="${H - 6}" text-anchor="middle" font-size="11" class="fill-ink-700">${espera.mesCurto(m.mes).slice(0, 3)}</text>`;
      if (m.mediana === null) return label;
      const h = ((H - TOP - BOTTOM) * m.mediana) / top;
      const y = H - BOTTOM - h;
      return (
        `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${Math.max(h, 1).toFixed(1)}" rx="3" class="fill-brand-700"/>` +
        `<text x="${(x + w / 2).toFixed(1)}" y="${(y - 4).toFixed(1)}" text-anchor="middle" font-size="11" class="fill-ink-900">${String(m.mediana).replace('.', ',')}</text>` +
        label
      );
    })
    .join('');
  const alt = `Mediana de dias até o agendamento, mês a mês, em ${c.nome}: ${c.meses.map(monthLine).join('; ')}.`;
  return (
    `<svg role="img" aria-labelledby="${id}-grafico" viewBox="0 0 ${W} ${H}" class="h-auto w-full max-w-xs shrink-0">` +
    `<title id="${id}-grafico">${escape(alt)}</title>` +
    `<line x1="0" y1="${H - BOTTOM}" x2="${W}" y2="${H - BOTTOM}" class="stroke-gray-300"/>${bars}</svg>`
  );
}

/**
 * One consulate's block. `heading`: the level of its title ('h2' on the public page, 'h3' inside a section);
 * `id`: a prefix unique on the page.
 */
export function consulateWaitHtml(c: EsperaConsulado, heading: 'h2' | 'h3' | 'h4', id: string): string {
  const hid = `${id}-${c.codigo}`;
  const title = `<${heading} id="${hid}" class="text-lg font-bold text-ink-900">${escape(c.nome)}</${heading}>`;
  const sentence = `<p class="mt-1 text-ink-700">${escape(espera.fraseNumeros(c))}</p>`;
  if (c.poucosDados)
    return `<section aria-labelledby="${hid}" class="rounded-2xl border border-gray-200 p-4">${title}${sentence}</section>`;
  const list = `<ul class="space-y-1 text-sm text-ink-700">${c.meses.map((m) => `<li>${escape(monthLine(m))}</li>`).join('')}</ul>`;
  return (
    `<section aria-labelledby="${hid}" class="rounded-2xl border border-gray-200 p-4">${title}${sentence}` +
    `<div class="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">${chart(c, hid)}${list}</div></section>`
  );
}

/** Every consulate, as the public page shows them, with when the figures were computed. */
export function waitPageHtml(resumo: ResumoEspera): string {
  const when = new Date(resumo.geradoEm).toLocaleString('pt-BR', {
    timeZone: prazo.FUSO,
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return (
    `<p class="text-sm text-ink-700">Calculado em ${escape(when)}, com os casos agendados nos últimos ${resumo.janelaDias} dias.</p>` +
    `<div class="mt-4 grid gap-4">${resumo.consulados.map((c) => consulateWaitHtml(c, 'h2', 'espera')).join('')}</div>`
  );
}

/** The public page's box for the figures (wait-page.tsx renders it, wait-page-script.ts fills it). */
export const WAIT_BOX_ID = 'espera-numeros';

/** What the page says while the figures load, and when they cannot. */
export const WAIT_LOADING = '<p class="text-ink-700">Carregando os números…</p>';
export const WAIT_FAILED =
  '<p role="alert" class="text-ink-700">Não foi possível carregar os números agora. Tente de novo em alguns minutos.</p>';
