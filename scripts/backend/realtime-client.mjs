// @ts-check
// A PocketBase realtime client for Node (no EventSource in Node 20): opens /api/realtime, subscribes to `topic`
// (one or a list) with `token` (or as a visitor) and calls onEvent({name, data}) for each message. Shared by the
// server tests (tests/server/dia.test.ts) and the relay bench (scripts/bench/bench-relay.mjs). Returns its close.

/**
 * @typedef {object} RealtimeEvent
 * @property {string} name the topic
 * @property {{ action: string, record: Record<string, unknown> }} data
 */

/**
 * @param {string} baseUrl PocketBase's address
 * @param {string} token an auth token, or '' for a visitor
 * @param {string | string[]} topic e.g. 'retransmissoes/*', or several
 * @param {(event: RealtimeEvent) => void} onEvent
 * @returns {Promise<{status: number, close: () => void, ended: Promise<void>}>} `ended` settles when the stream
 *   stops (closed here or by the server)
 */
export async function subscribeRealtime(baseUrl, token, topic, onEvent) {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/realtime`, { signal: abort.signal });
  if (!response.body) throw new Error(`GET /api/realtime answered ${response.status} without a stream`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  /** @type {(id: string) => void} */
  let resolveId = () => {};
  /** @type {Promise<string>} */
  const clientId = new Promise((resolve) => (resolveId = resolve));
  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const chunk = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event:(.*)$/m.exec(chunk)?.[1]?.trim() ?? '';
          const data = JSON.parse(/^data:(.*)$/m.exec(chunk)?.[1] ?? '{}');
          if (name === 'PB_CONNECT') resolveId(String(data.clientId));
          else onEvent({ name, data });
        }
      }
    } catch {
      // closed
    }
  })();
  const answer = await fetch(`${baseUrl}/api/realtime`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify({ clientId: await clientId, subscriptions: Array.isArray(topic) ? topic : [topic] }),
  });
  return { status: answer.status, close: () => abort.abort(), ended };
}
