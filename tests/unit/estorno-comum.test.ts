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

describe('a refund Asaas never answered (conferenciaDoIncerto)', () => {
  // Asked on 27/11/2026 at 19:20:00 in São Paulo (22:20 UTC), after R$ 100,00 had been refunded.
  const marca = estorno.marcaDoIncerto(200, 100, Date.parse('2026-11-27T22:20:00.000Z'));
  const incerto = estorno.incertoDe(marca);
  const order = { preco_servico: 699, valor_estornado: 100 };
  const refund = (dateCreated: string, value: number, status = 'DONE') => ({ dateCreated, value, status });
  const earlier = refund('2026-11-26 10:00:00', 100);
  const check = (pagamentos: Parameters<typeof estorno.conferenciaDoIncerto>[1], pedido = order) => {
    if (!incerto) throw new Error('the mark reads back as a refund of unknown outcome');
    return estorno.conferenciaDoIncerto(incerto, pagamentos, pedido);
  };

  it('the mark reads back as what was asked, when and after how much; none without one', () => {
    const em = Date.parse('2026-11-27T22:20:00.000Z');
    expect(incerto).toEqual({ valor: 200, em, antes: 100, emVoo: true });
    expect(estorno.incertoDe({ ...marca, ...estorno.SEM_RESPOSTA })).toEqual({
      valor: 200,
      em,
      antes: 100,
      emVoo: false,
    });
    expect(estorno.incertoDe(estorno.SEM_INCERTO)).toBeNull();
    expect(estorno.incertoDe({})).toBeNull();
  });

  it('in flight while its call is out, for no longer than the server waits for Asaas and a margin', () => {
    const em = Date.parse('2026-11-27T22:20:00.000Z');
    const espera = estorno.esperaDoAsaas(60);
    expect(espera).toBe(70_000);
    expect(estorno.esperaDoAsaas()).toBe(70_000);
    expect(estorno.emAndamento(incerto, em + 69_999, espera)).toBe(true);
    // The server that asked stopped waiting (it crashed before writing the answer): the next refund reads Asaas.
    expect(estorno.emAndamento(incerto, em + 70_000, espera)).toBe(false);
    // The call came back without an answer: no longer in flight, at once.
    expect(
      estorno.emAndamento(estorno.incertoDe({ ...marca, ...estorno.SEM_RESPOSTA }), em + 1, espera),
    ).toBe(false);
    expect(estorno.emAndamento(null, em, espera)).toBe(false);
  });

  it('listed by Asaas since it was asked: made, and counted as Asaas lists it', () => {
    const made = [{ status: 'CONFIRMED', refunds: [earlier, refund('2026-11-27 19:20:01', 200)] }];
    expect(check(made)).toEqual({ feito: true, valor_estornado: 300 });
    // Counted already by its webhook: it stays counted once.
    expect(check(made, { ...order, valor_estornado: 300 })).toEqual({ feito: true, valor_estornado: 300 });
    // Pix refunds wait (PENDING): made all the same.
    expect(
      check([{ status: 'CONFIRMED', refunds: [earlier, refund('2026-11-27 19:20:05', 200, 'PENDING')] }]),
    ).toEqual({ feito: true, valor_estornado: 300 });
  });

  it('not there, cancelled, or only older refunds: not made, and nothing more counted', () => {
    const notMade = { feito: false, valor_estornado: 100 };
    expect(check([{ status: 'CONFIRMED', refunds: [earlier] }])).toEqual(notMade);
    expect(check([{ status: 'CONFIRMED', refunds: null }], { ...order, valor_estornado: 0 })).toEqual({
      feito: false,
      valor_estornado: 0,
    });
    expect(
      check([{ status: 'CONFIRMED', refunds: [earlier, refund('2026-11-27 19:21:00', 200, 'CANCELLED')] }]),
    ).toEqual(notMade);
    // Refunded before it was asked (past the minute allowed for the clocks) is not it.
    expect(check([{ status: 'CONFIRMED', refunds: [refund('2026-11-27 19:10:00', 300)] }])).toEqual(notMade);
    // A smaller refund since then does not add up to it.
    expect(check([{ status: 'CONFIRMED', refunds: [earlier, refund('2026-11-27 19:25:00', 50)] }])).toEqual(
      notMade,
    );
  });

  it('a card in installments: every payment lists its part; all of them REFUNDED is all given back', () => {
    const part = (value: number) => ({ status: 'REFUNDED', refunds: [refund('2026-11-27 19:20:02', value)] });
    expect(check([part(233), part(233), part(233)], { preco_servico: 699, valor_estornado: 0 })).toEqual({
      feito: true,
      valor_estornado: 699,
    });
    expect(
      check([{ status: 'REFUNDED', refunds: null }], { preco_servico: 699, valor_estornado: 0 }),
    ).toEqual({
      feito: true,
      valor_estornado: 699,
    });
  });

  it('where Asaas lists the payments, and the texts in São Paulo time', () => {
    const ids = { asaas_id_pagamento: 'pay_1', parcelamento: '' };
    expect(estorno.consultaDoIncerto(null, ids)).toBe('/payments/pay_1');
    expect(estorno.consultaDoIncerto({ asaas_id: 'pay_2', parcelamento: 'ins_1' }, ids)).toBe(
      '/payments?installment=ins_1',
    );
    expect(estorno.pagamentosDaConsulta({ status: 200, json: { data: [{ id: 'pay_2' }] } })).toEqual([
      { id: 'pay_2' },
    ]);
    expect(estorno.pagamentosDaConsulta({ status: 200, json: { id: 'pay_1' } })).toEqual([{ id: 'pay_1' }]);
    expect(estorno.pagamentosDaConsulta({ status: 0, json: null })).toBeNull();
    expect(estorno.pagamentosDaConsulta({ status: 503, json: {} })).toBeNull();
    if (!incerto) throw new Error('no mark');
    expect(estorno.textoDoIncerto(M.incertoSemResposta, incerto, (v) => `R$ ${v.toFixed(2)}`)).toBe(
      'O Asaas não respondeu se o estorno de R$ 200.00 pedido em 27/11/2026 às 19:20 foi feito. Nada foi pedido de novo: tente novamente em alguns minutos.',
    );
  });
});

describe('notaAposEstorno: what a refund does to the service invoice', () => {
  const alerta = R.notaFiscal.estornoParcial;
  const pedido = { preco_servico: 699, valor_estornado: 100.5, nota_status: 'AUTHORIZED', nota_alerta: '' };
  it('part given back: the invoice stands, staff are alerted once', () => {
    expect(estorno.notaAposEstorno(pedido, alerta)).toEqual({ cancelar: false, nota_alerta: alerta });
    expect(estorno.notaAposEstorno({ ...pedido, nota_alerta: alerta }, alerta)).toEqual({
      cancelar: false,
      nota_alerta: null,
    });
  });

  it('all given back: the invoice is cancelled, and the partial refund’s alert goes (another alert stays)', () => {
    const tudo = { ...pedido, valor_estornado: 699, nota_alerta: alerta };
    expect(estorno.notaAposEstorno(tudo, alerta)).toEqual({ cancelar: true, nota_alerta: '' });
    expect(
      estorno.notaAposEstorno({ ...tudo, status_asaas: 'REFUNDED', valor_estornado: 100.5 }, alerta),
    ).toEqual({
      cancelar: true,
      nota_alerta: '',
    });
    const recusado = R.notaFiscal.cancelamentoRecusado;
    expect(estorno.notaAposEstorno({ ...tudo, nota_alerta: recusado }, alerta)).toEqual({
      cancelar: true,
      nota_alerta: null,
    });
  });
});
