/**
 * The public wait page's own script (a separate entry of the build, vite.config.ts; the prerender adds it to
 * dist/espera.html only): on a first visit the page stays HTML without the app (scripts/build/boot-script.mjs), so this
 * draws the published figures into the page's box. A few KB: it imports neither React nor the SDK. In the demo
 * build (no VITE_API_URL) the app starts at once and draws them itself (wait-page.tsx).
 */
import { WAIT_BOX_ID, WAIT_FAILED, waitPageHtml } from '@/components/wait/wait-markup';
import { fetchWaitFigures } from '@/lib/api/wait-public';

const box = document.getElementById(WAIT_BOX_ID);
const api = (import.meta.env.VITE_API_URL ?? '').trim();
if (box && api !== '') {
  fetchWaitFigures(/^https?:\/\//.test(api) ? api : location.origin).then(
    (resumo) => {
      box.innerHTML = waitPageHtml(resumo);
    },
    () => {
      box.innerHTML = WAIT_FAILED;
    },
  );
}
