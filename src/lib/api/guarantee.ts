import { useEffect, useState } from 'react';
import { pb } from '@/lib/pocketbase';
import garantia from '../../../pocketbase/pb_hooks/lib/garantia_comum.js';

/**
 * The guarantee the business may switch on (issue #29; pocketbase/pb_hooks/lib/garantia.js): whether it is on and
 * its number of windows come from the server (GET /api/garantia: GARANTIA_ATIVA, GARANTIA_JANELAS); the count and
 * the texts from the kit's garantia_comum.js, as the server and the demo double use them.
 */
export { garantia };

export interface GuaranteeSettings {
  ativa: boolean;
  janelas: number;
}

const OFF: GuaranteeSettings = { ativa: false, janelas: 0 };
let cached: Promise<GuaranteeSettings> | undefined;

/** GET /api/garantia, once per page load; off when the server cannot say (an older server, a network error). */
export function fetchGuarantee(): Promise<GuaranteeSettings> {
  cached ??= pb
    .send<GuaranteeSettings>('/api/garantia', {})
    .then((g) => (g.ativa && g.janelas > 0 ? { ativa: true, janelas: g.janelas } : OFF))
    .catch(() => {
      cached = undefined;
      return OFF;
    });
  return cached;
}

/**
 * The server's guarantee settings: off until they arrive. A plain effect, not a query: the terms page is
 * prerendered and public, with no QueryClient (lib/lazy-query-client).
 */
export function useGuarantee(): GuaranteeSettings {
  const [settings, setSettings] = useState<GuaranteeSettings>(OFF);
  useEffect(() => {
    let live = true;
    void fetchGuarantee().then((g) => {
      if (live) setSettings(g);
    });
    return () => {
      live = false;
    };
  }, []);
  return settings;
}
