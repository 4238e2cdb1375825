/**
 * GET /api/espera (pocketbase/pb_hooks/lib/espera_servidor.js): the published wait per consulate, with plain
 * fetch: the public wait page's own small script uses it before the app (and the SDK) loads.
 */
import type { ResumoEspera } from '../../../pocketbase/pb_hooks/lib/espera.js';

/** The figures from the API at `base` (the app's origin in demo mode and in the release's layout). */
export async function fetchWaitFigures(base: string): Promise<ResumoEspera> {
  const response = await fetch(new URL('/api/espera', base));
  if (!response.ok) throw new Error(`GET /api/espera: ${response.status}`);
  return (await response.json()) as ResumoEspera;
}
