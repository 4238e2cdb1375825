/**
 * A protected PDF shown inline: fetched with its file token, handed to the browser's viewer as a blob: URL
 * (PocketBase serves its files with a sandboxing CSP, which keeps Chromium from rendering them in a frame),
 * revoked when the frame goes. The app's CSP allows exactly that (`frame-src blob:`, scripts/build/csp.mjs).
 * Only from the `md` breakpoint up: phones' browsers do not render a PDF in a frame, so there the file's
 * 'Abrir PDF' link (next to this preview) is the way, and nothing is fetched.
 */
import { useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';

const WIDE = '(min-width: 768px)';

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isWide = () => typeof window.matchMedia !== 'function' || window.matchMedia(WIDE).matches;

interface Loaded {
  /** the file the state is about (the URL without its token, which is renewed every minute) */
  file: string;
  src: string;
  failed: boolean;
}

interface PdfPreviewProps {
  /** the file's URL, with its file token */
  url: string;
  /** the frame's accessible name: 'Documento de identidade de Maria Rossi, arquivo 1 de 1' */
  title: string;
}

export function PdfPreview({ url, title }: PdfPreviewProps) {
  const wide = useSyncExternalStore(subscribe, isWide, () => false);
  const file = url.split('?')[0] ?? url;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // The token changes every minute; the file does not, so it is fetched once with the token of the moment.
  const currentUrl = useEffectEvent(() => url);

  useEffect(() => {
    if (!wide) return;
    const controller = new AbortController();
    let objectUrl = '';
    fetch(currentUrl(), { signal: controller.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.blob();
      })
      .then((blob) => {
        objectUrl = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setLoaded({ file, src: objectUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ file, src: '', failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file, wide]);

  if (!wide) return null;
  const state = loaded?.file === file ? loaded : null;
  if (state?.failed) {
    return (
      <p className="flex min-h-20 items-center justify-center rounded bg-gray-50 p-3 text-center text-sm text-accent-700">
        Não foi possível carregar a pré-visualização do PDF. Use o link &lsquo;Abrir PDF&rsquo;.
      </p>
    );
  }
  if (!state) {
    return (
      <p className="flex h-[32rem] items-center justify-center rounded bg-gray-50 p-3 text-sm text-ink-700">
        Carregando o PDF...
      </p>
    );
  }
  return <iframe src={state.src} title={title} className="h-[32rem] w-full rounded border-0 bg-gray-50" />;
}
