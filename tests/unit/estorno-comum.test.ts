// @vitest-environment node
// Money given back (pocketbase/pb_hooks/lib/estorno_comum.js), which the kit's estornos.js and the demo double both
// run: when a withdrawal is refused, and what Asaas's answer to a refund means.
import { describe, expect, it } from 'vitest';
import estorno from '../../pocketbase/pb_hooks/lib/estorno_comum.js';
import proxy from '../../pocketbase/pb_hooks/lib/proxy_comum.js';
import R from '../../pocketbase/pb_hooks/lib/regras.json';

const M = R.estorno;

describe('recusaDaDesistencia', () => {
  const order = { preco_servico: 699, valor_estornado: 0, ultimoDia: '2026-11-27' };

  it('no paid order (404), past the last day, or nothing left (400); else none', () => {
    expect(estorno.recusaDaDesistencia(null, '2026-11-27', M)).toEqual({ http: 404, message: M.semPedido });
    expect(estorno.recusaDaDesistencia(order, '2026-11-28', M)).toEqual({ http: 400, message: M.prazo });
    expect(estorno.recusaDaDesistencia({ ...order, valor_estornado: 699 }, '2026-11-27', M)).toEqual({
      http: 400,
      message: M.jaEstornado,
    });
    expect(estorno.recusaDaDesistencia(order, '2026-11-27', M)).toBeNull();
  });
});

describe('leituraDaResposta', () => {
  const read = (status: number, json: unknown = null) =>
    estorno.leituraDaResposta({ status, json }, M, proxy.primeiroErro);

  it('taken (200): nothing to refuse', () => {
    expect(read(200, { id: 'pay_1' })).toBeNull();
  });

  it('a 4xx but 401 and 429 is Asaas refusing this refund: 400 in its words', () => {
    expect(read(400, { errors: [{ code: 'invalid_action', description: 'Saldo insuficiente.' }] })).toEqual({
      http: 400,
      message: 'Saldo insuficiente.',
      campo: 'asaas',
      code: 'invalid_action',
    });
    expect(read(404)).toEqual({ http: 400, message: M.falhou, campo: 'asaas', code: 'estorno_recusado' });
  });

  it('no answer, a wrong key, its rate limit or a 5xx: 503, it may pass later', () => {
    for (const status of [0, 401, 429, 500, 502, 503]) {
      expect(read(status, { errors: [{ code: 'x', description: 'y' }] })).toEqual({
        http: 503,
        message: M.falhou,
      });
    }
  });
});
