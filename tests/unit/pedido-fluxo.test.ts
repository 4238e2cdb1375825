// @vitest-environment node
// A charge's moves and Asaas's webhook in their order of steps (pocketbase/pb_hooks/lib/pedido_fluxo.js), which the
// kit's pedidos.js/webhook.js and the demo double both run, on fake ports: rows in memory and a scripted Asaas.
import { describe, expect, it } from 'vitest';
import type { CobrancaDoPlano } from '../../pocketbase/pb_hooks/lib/cobranca_comum.js';
import fluxo, {
  type PedidoDoFluxo,
  type PortasDoEvento,
  type PortasDoWebhook,
} from '../../pocketbase/pb_hooks/lib/pedido_fluxo.js';
import { type Answer, scriptedAsaas } from './fluxo-ports';

const charge = (over: Partial<CobrancaDoPlano> = {}): CobrancaDoPlano => ({
  id: 'c1',
  status: 'PENDING',
  duplicada: false,
  usuario: 'u1',
  tipo_servico: 'padrao',
  valor: 699,
  flex: false,
  metodo: 'pix',
  parcelas: 1,
  asaas_id: 'pay_1',
  parcelamento: '',
  ...over,
});

/**
 * Fake ports over one customer: `order` their order of this charge (null: none yet), `other` what else they have;
 * `writtenMeanwhile`: the order another caller writes first (gravarPedido then finds it).
 */
function fake(opts: {
  order?: PedidoDoFluxo | null;
  other?: { tipo: 'pedido' | 'cobranca'; id: string } | null;
  writtenMeanwhile?: PedidoDoFluxo;
  charges?: CobrancaDoPlano[];
}) {
  let order = opts.order ?? null;
  const log: string[] = [];
  const bookings: Record<string, { id: string; status_agendamento: string }> = {
    p1: { id: 'b1', status_agendamento: 'AGENDADO' },
    p0: { id: 'b0', status_agendamento: 'AGENDADO' },
  };
  const portas: PortasDoEvento = {
    pedidoDa: () => order,
    outro: () => opts.other ?? null,
    agendamentoDo: (id) => bookings[id] ?? null,
    nfse: () => true,
    salvarCobranca: (c, campos) => log.push(`cobranca ${c.asaas_id} ${JSON.stringify(campos)}`),
    gravarPedido: (_, novo) => {
      if (opts.writtenMeanwhile) {
        order = opts.writtenMeanwhile;
        return { pedido: order, criado: false };
      }
      order = { id: 'p1', status_asaas: novo.pagamento.status_asaas, preco_servico: 699 };
      log.push('pedido gravado');
      return { pedido: order, criado: true };
    },
    salvarPedido: (id, campos) => log.push(`pedido ${id} ${JSON.stringify(campos)}`),
    nota: (id, campo, texto) => log.push(`nota ${id} ${campo}: ${texto}`),
    cancelar: (b) => log.push(`cancelar ${b.id}`),
    aposEstorno: (id) => log.push(`nota fiscal ${id}`),
    depois: (acoes, ids) => acoes.forEach((a) => log.push(`depois ${a} ${ids.pagamento}`)),
    acharCobranca: (busca) =>
      (opts.charges ?? []).find((c) =>
        Object.entries(busca).every(([k, v]) => String(c[k as keyof CobrancaDoPlano] ?? '') === v),
      ) ?? null,
  };
  return { portas, log };
}

describe('aplicarStatus', () => {
  it('writes the order of a paid charge once, its receipt and invoice after the commit', () => {
    const { portas, log } = fake({});
    const after = fluxo.aplicarStatus(portas, charge(), 'CONFIRMED', undefined);
    expect(after.status).toBe('CONFIRMED');
    expect(log).toEqual([
      'cobranca pay_1 {"status":"CONFIRMED","ativa":true}',
      'pedido gravado',
      'depois recibo p1',
      'depois enviarNota p1',
    ]);
  });

  it('an order another caller wrote first: no second receipt, the move decided again on it', () => {
    const meanwhile = { id: 'p1', status_asaas: 'RECEIVED', preco_servico: 699 };
    const { portas, log } = fake({ writtenMeanwhile: meanwhile });
    fluxo.aplicarStatus(portas, charge(), 'CONFIRMED', undefined);
    // Decided on the order as written: it takes this status; no receipt nor invoice of a new order.
    expect(log).toEqual([
      'cobranca pay_1 {"status":"CONFIRMED","ativa":true}',
      'pedido p1 {"status_asaas":"CONFIRMED"}',
    ]);
  });

  it('a second paid charge is a duplicate: noted on the other order, refunded, never an order', () => {
    const { portas, log } = fake({ other: { tipo: 'pedido', id: 'p0' } });
    const after = fluxo.aplicarStatus(portas, charge({ asaas_id: 'pay_2' }), 'CONFIRMED', undefined);
    expect(after.duplicada).toBe(true);
    expect(log).toEqual([
      'cobranca pay_2 {"status":"CONFIRMED","ativa":false,"duplicada":true}',
      expect.stringMatching(/^nota b0 pagamento_duplicado: Pagamento duplicado pay_2/),
      'depois estornarDuplicada ',
    ]);
  });
});

describe('receber', () => {
  const webhook = (events: CobrancaDoPlano[], answers: Answer[], recebidos: string[] = []) => {
    const inner = fake({ charges: events });
    const calls: string[] = [];
    const registrados: string[] = [];
    const portas: PortasDoWebhook = {
      autorizado: () => true,
      recebido: (id) => recebidos.includes(id),
      asaas: scriptedAsaas(answers, (metodo, caminho) => calls.push(`${metodo} ${caminho}`)),
      registrar: (registro, efeito) => {
        const resultado = efeito(inner.portas);
        registrados.push(`${registro.evento_id} ${registro.asaas_id}: ${resultado}`);
        return resultado;
      },
    };
    return { portas, calls, registrados, log: inner.log };
  };

  it('Asaas not answering: 503, nothing recorded (Asaas delivers it again)', () => {
    const w = webhook([charge()], [{ status: 502, json: null }]);
    const feito = fluxo.receber(w.portas, {
      id: 'ev1',
      event: 'PAYMENT_CONFIRMED',
      payment: { id: 'pay_1' },
    });
    expect(feito.erro?.http).toBe(503);
    expect(w.registrados).toEqual([]);
    expect(w.log).toEqual([]);
  });

  it('an event received before is answered as repeated without asking Asaas', () => {
    const w = webhook([charge()], [], ['ev1']);
    const feito = fluxo.receber(w.portas, {
      id: 'ev1',
      event: 'PAYMENT_CONFIRMED',
      payment: { id: 'pay_1' },
    });
    expect(feito.resposta).toEqual({ recebido: true, repetido: true });
    expect(w.calls).toEqual([]);
  });

  it("the charge takes Asaas's status and learns the payment's id, found by the attempt id", () => {
    const pending = charge({ asaas_id: '', tentativa: 't1' } as Partial<CobrancaDoPlano>);
    const paid = { id: 'pay_9', status: 'RECEIVED', value: 699, externalReference: 't1' };
    const w = webhook([pending], [{ status: 200, json: paid }]);
    const feito = fluxo.receber(w.portas, {
      id: 'ev2',
      event: 'PAYMENT_BANK_SLIP_VIEWED',
      payment: { id: 'pay_9' },
    });
    // An event that may not change a charge: ignored without asking Asaas.
    expect(feito.resposta?.resultado).toBe('ignorado: evento sem efeito');
    expect(w.calls).toEqual([]);
    const pago = fluxo.receber(w.portas, { id: 'ev3', event: 'PAYMENT_RECEIVED', payment: { id: 'pay_9' } });
    expect(w.calls).toEqual(['GET /payments/pay_9']);
    expect(pago.resposta?.resultado).toBe('cobrança c1: RECEIVED');
    expect(w.log[0]).toBe('cobranca pay_9 {"status":"RECEIVED","ativa":true}');
    expect(w.registrados).toEqual([
      'ev2 pay_9: ignorado: evento sem efeito',
      'ev3 pay_9: cobrança c1: RECEIVED',
    ]);
  });

  it('counts the refunds Asaas lists on the payment after the move', () => {
    const order = { id: 'p1', status_asaas: 'CONFIRMED', preco_servico: 699, valor_estornado: 0 };
    const inner = fake({ order, charges: [charge({ status: 'CONFIRMED' })] });
    const refunded = {
      id: 'pay_1',
      status: 'CONFIRMED',
      value: 699,
      refunds: [{ status: 'DONE', value: 100 }],
    };
    const feito = fluxo.receber(
      {
        autorizado: () => true,
        recebido: () => false,
        asaas: () => ({ status: 200, json: refunded }),
        registrar: (_, efeito) => efeito(inner.portas),
      },
      { id: 'ev4', event: 'PAYMENT_PARTIALLY_REFUNDED', payment: { id: 'pay_1' } },
    );
    expect(feito.resposta?.resultado).toBe('cobrança c1: PARTIALLY_REFUNDED');
    const last = inner.log.indexOf('pedido p1 {"valor_estornado":100}');
    expect(last).toBeGreaterThan(inner.log.indexOf('pedido p1 {"status_asaas":"PARTIALLY_REFUNDED"}'));
  });
});
