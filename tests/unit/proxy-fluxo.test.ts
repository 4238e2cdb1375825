// @vitest-environment node
// The Asaas proxy's order of steps (pocketbase/pb_hooks/lib/proxy_fluxo.js), which the kit's proxy.js and the demo
// double both run, on fake ports: charges in memory, a scripted Asaas, and a log of what was done in which order.
import { describe, expect, it } from 'vitest';
import fluxo, { type CobrancaDoFluxo, type Portas } from '../../pocketbase/pb_hooks/lib/proxy_fluxo.js';
import R from '../../pocketbase/pb_hooks/lib/regras.json';
import { type Answer, scriptedAsaas } from './fluxo-ports';

const M = R.pagamento;

const CARD = {
  holderName: 'MARIA SILVA',
  number: '4444444444444444',
  expiryMonth: '12',
  expiryYear: '2035',
  ccv: '123',
};
const HOLDER = {
  name: 'Maria Silva',
  email: 'maria@example.com',
  cpfCnpj: '52998224725',
  postalCode: '01310100',
  addressNumber: '100',
  phone: '11999999999',
};
const cardBody = (extra: Record<string, unknown> = {}) => ({
  customer: 'cus_1',
  tipo_servico: 'individual',
  flex: false,
  installmentCount: 1,
  totalValue: 699,
  value: 699,
  creditCard: CARD,
  creditCardHolderInfo: HOLDER,
  externalReference: 'tentativa-nova-1',
  ...extra,
});
const pixBody = (extra: Record<string, unknown> = {}) => ({
  customer: 'cus_1',
  tipo_servico: 'individual',
  flex: false,
  value: 699,
  externalReference: 'tentativa-pix-1',
  ...extra,
});

const charge = (fields: Partial<CobrancaDoFluxo>): CobrancaDoFluxo => ({
  id: 'c0',
  usuario: 'u1',
  tentativa: 'tentativa-velha',
  metodo: 'pix',
  asaas_id: '',
  status: 'PENDING',
  motivo: '',
  tipo_servico: 'individual',
  flex: false,
  valor: 699,
  parcelas: 1,
  ...fields,
});

/**
 * Fake ports over one customer `u1` (Asaas customer `cus_1`): `rows` are the charges stored, `answers` Asaas's in
 * order; `settle` is what settling a charge with Asaas makes of it; `order` an open order; `limit` the attempts left.
 */
function fake({
  rows = [] as CobrancaDoFluxo[],
  answers = [] as Answer[],
  settle = (c: CobrancaDoFluxo) => c,
  order = false,
  limit = 5,
} = {}) {
  const log: string[] = [];
  let n = 0;
  const ports: Portas<CobrancaDoFluxo, string> = {
    clienteAsaas: () => 'cus_1',
    guardarCliente: (_, id) => id,
    daTentativa: (t) => rows.find((c) => c.tentativa === t) ?? null,
    conciliar: (c) => {
      log.push(`conciliar ${c.id}`);
      return Object.assign(c, settle(c));
    },
    conciliarAtiva: (u) => {
      const live = rows.find(
        (c) => c.usuario === u && !['DELETED', 'RECUSADA', 'NAO_CRIADA'].includes(c.status),
      );
      log.push('conciliarAtiva');
      return live ? Object.assign(live, settle(live)) : null;
    },
    temPedido: () => order,
    contarTentativa: () => {
      if (limit <= 0) return null;
      limit -= 1;
      log.push('contar');
      return `t${++n}`;
    },
    descontar: (t) => log.push(`descontar ${t}`),
    pixPendentes: (u) => rows.filter((c) => c.usuario === u && c.metodo === 'pix'),
    aplicarStatus: (c, status) => {
      log.push(`status ${c.id} ${status}`);
      c.status = status;
    },
    abrir: (campos) => {
      const live = rows.find(
        (c) =>
          c.usuario === campos.usuario &&
          ['ENVIANDO', 'INDETERMINADA', 'PENDING', 'CONFIRMED'].includes(c.status),
      );
      if (live) return null;
      const row = charge({ ...campos, id: `c${rows.length + 1}` });
      rows.push(row);
      log.push(`abrir ${row.id}`);
      return row;
    },
    ativa: (u) => rows.find((c) => c.usuario === u && c.status !== 'DELETED') ?? null,
    registrar: (c, resultado) => {
      log.push(`registrar ${c.id} ${resultado.status}`);
      if (resultado.criada) c.asaas_id = String(resultado.criada.id);
      c.status = resultado.status;
      return c;
    },
    pixDoCliente: (u, id) =>
      rows.find((c) => c.usuario === u && c.asaas_id === id && c.metodo === 'pix') ?? null,
    asaas: scriptedAsaas(answers, (metodo, caminho) => log.push(`${metodo} ${caminho}`)),
    hoje: () => '2025-01-10',
    ip: () => '10.0.0.1',
    novaTentativa: () => 'tentativa-gerada',
  };
  return { ports, log, rows };
}

const made = (id: string, status = 'CONFIRMED') => ({ status: 200, json: { id, status } });
const declined = {
  status: 400,
  json: { errors: [{ code: 'invalid_creditCard', description: 'Não autorizado.' }] },
};

describe('cobrarCartao: the card charge in its order of steps', () => {
  it('counts the attempt, cancels a pending Pix at Asaas, records the live charge, then charges', () => {
    const pix = charge({ id: 'c1', asaas_id: 'pay_pix', status: 'PENDING', tentativa: 'tentativa-pix-0' });
    const f = fake({ rows: [pix], answers: [{ status: 200, json: {} }, made('pay_card')] });
    // The pending Pix is the live charge until Asaas deletes it.
    f.ports.abrir = ((abrir) => (campos) => (pix.status === 'DELETED' ? abrir(campos) : null))(f.ports.abrir);
    const done = fluxo.cobrarCartao(f.ports, 'u1', cardBody());
    expect(done.erro).toBeUndefined();
    expect(done.resposta).toMatchObject({
      id: 'pay_card',
      status: 'CONFIRMED',
      externalReference: 'tentativa-nova-1',
    });
    expect(f.log).toEqual([
      'conciliarAtiva',
      'contar',
      'DELETE /payments/pay_pix',
      'status c1 DELETED',
      'abrir c2',
      'POST /payments',
      'registrar c2 CONFIRMED',
    ]);
  });

  it('a decline keeps the attempt counted; a field Asaas refused takes it back', () => {
    const refusal = fake({ answers: [declined] });
    const no = fluxo.cobrarCartao(refusal.ports, 'u1', cardBody());
    expect(no.erro).toMatchObject({ http: 400, mensagem: M.recusado, code: 'invalid_creditCard' });
    expect(refusal.log).not.toContain('descontar t1');
    expect(refusal.log).toContain('registrar c1 RECUSADA');

    const field = fake({
      answers: [{ status: 400, json: { errors: [{ code: 'invalid_postalCode', description: '' }] } }],
    });
    expect(fluxo.cobrarCartao(field.ports, 'u1', cardBody()).erro?.http).toBe(400);
    expect(field.log).toContain('descontar t1');
    expect(field.log.indexOf('descontar t1')).toBeLessThan(field.log.indexOf('registrar c1 NAO_CRIADA'));
  });

  it('no answer from Asaas: 502, the charge stays live (INDETERMINADA), and the same attempt is not sent again', () => {
    const f = fake({ answers: [{ status: 0, json: null }] });
    const first = fluxo.cobrarCartao(f.ports, 'u1', cardBody());
    expect(first.erro).toMatchObject({ http: 502, mensagem: M.indeterminado });
    expect(f.rows[0]).toMatchObject({ status: 'INDETERMINADA' });
    f.log.length = 0;
    // Retried: settled with Asaas first (still unknown), refused, never charged again.
    const again = fluxo.cobrarCartao(f.ports, 'u1', cardBody());
    expect(again.erro).toMatchObject({ http: 502, code: 'indeterminada' });
    expect(f.log).toEqual(['conciliar c1']);
  });

  it('a retried attempt Asaas turns out to have made is answered as it is, with no new charge', () => {
    const earlier = charge({
      id: 'c1',
      metodo: 'cartao_credito',
      status: 'INDETERMINADA',
      tentativa: 'tentativa-nova-1',
    });
    const f = fake({
      rows: [earlier],
      settle: () => ({ ...earlier, asaas_id: 'pay_9', status: 'CONFIRMED' }),
    });
    const done = fluxo.cobrarCartao(f.ports, 'u1', cardBody());
    expect(done.resposta).toMatchObject({ id: 'pay_9', status: 'CONFIRMED' });
    expect(f.log).toEqual(['conciliar c1']);
  });

  it("another customer's attempt id is refused without settling it", () => {
    const theirs = charge({
      id: 'c1',
      usuario: 'u2',
      status: 'INDETERMINADA',
      tentativa: 'tentativa-nova-1',
    });
    const f = fake({ rows: [theirs] });
    expect(fluxo.cobrarCartao(f.ports, 'u1', cardBody()).erro).toEqual({
      http: 409,
      mensagem: M.tentativaRepetida,
    });
    expect(f.log).toEqual([]);
  });

  it('an open order refuses before an attempt is counted; over the limit nothing reaches Asaas', () => {
    const open = fake({ order: true });
    expect(fluxo.cobrarCartao(open.ports, 'u1', cardBody()).erro).toMatchObject({
      http: 409,
      code: 'pedido_existente',
    });
    expect(open.log).toEqual(['conciliarAtiva']);

    const busy = fake({ limit: 0 });
    expect(fluxo.cobrarCartao(busy.ports, 'u1', cardBody()).erro).toEqual({ http: 429, mensagem: M.limite });
    expect(busy.log).toEqual(['conciliarAtiva']);
  });

  it('a live charge blocks a new one before Asaas is called: in progress, or paid (the open order)', () => {
    const sending = fake({ rows: [charge({ id: 'c1', metodo: 'cartao_credito', status: 'ENVIANDO' })] });
    expect(fluxo.cobrarCartao(sending.ports, 'u1', cardBody()).erro).toMatchObject({
      http: 409,
      code: 'cobranca_em_curso',
      detalhe: 'ENVIANDO',
    });
    expect(sending.log.filter((l) => l.startsWith('POST'))).toEqual([]);

    const paid = fake({ rows: [charge({ id: 'c1', metodo: 'cartao_credito', status: 'CONFIRMED' })] });
    expect(fluxo.cobrarCartao(paid.ports, 'u1', cardBody()).erro).toMatchObject({
      http: 409,
      code: 'pedido_existente',
    });
    expect(paid.log.filter((l) => l.startsWith('POST'))).toEqual([]);
  });

  it("another customer's Asaas id is refused (403)", () => {
    const f = fake();
    expect(fluxo.cobrarCartao(f.ports, 'u1', cardBody({ customer: 'cus_2' })).erro).toEqual({
      http: 403,
      mensagem: M.clienteDeOutro,
    });
    expect(f.log).toEqual([]);
  });
});

describe('cobrarPix', () => {
  it('the pending Pix of the same order is answered again, with no call to Asaas', () => {
    const pending = charge({
      id: 'c1',
      asaas_id: 'pay_pix',
      status: 'PENDING',
      tentativa: 'tentativa-pix-0',
    });
    const f = fake({ rows: [pending] });
    const done = fluxo.cobrarPix(f.ports, 'u1', pixBody());
    expect(done.resposta).toMatchObject({ id: 'pay_pix', externalReference: 'tentativa-pix-0' });
    expect(f.log).toEqual(['conciliarAtiva']);
  });

  it('a pending Pix of another order is cancelled first; a DELETE Asaas did not answer keeps it, and it blocks', () => {
    const pending = charge({
      id: 'c1',
      asaas_id: 'pay_pix',
      status: 'PENDING',
      flex: true,
      tentativa: 'tentativa-pix-0',
    });
    const f = fake({ rows: [pending], answers: [{ status: 0, json: null }] });
    const done = fluxo.cobrarPix(f.ports, 'u1', pixBody());
    expect(done.erro).toMatchObject({ http: 409, code: 'cobranca_em_curso' });
    expect(f.log).toEqual(['conciliarAtiva', 'DELETE /payments/pay_pix']);
    expect(pending.status).toBe('PENDING');
  });
});

describe('criarCliente and qrCodePix', () => {
  it('an Asaas customer is made once; a parallel one kept first wins', () => {
    const f = fake({ answers: [made('cus_new')] });
    f.ports.clienteAsaas = () => '';
    f.ports.guardarCliente = () => 'cus_first';
    const conta = {
      id: 'u1',
      nome_completo: 'Maria',
      cpf: '529.982.247-25',
      email: 'm@x.com',
      celular: '(11) 99999-9999',
    };
    expect(fluxo.criarCliente(f.ports, conta)).toEqual({ resposta: { id: 'cus_first' } });
    expect(f.log).toEqual(['POST /customers']);
  });

  it("the QR code of another's or an unknown Pix is 404; Asaas silent is 503", () => {
    const f = fake({
      rows: [charge({ id: 'c1', asaas_id: 'pay_pix' })],
      answers: [{ status: 0, json: null }],
    });
    expect(fluxo.qrCodePix(f.ports, 'u2', 'pay_pix').erro?.http).toBe(404);
    expect(fluxo.qrCodePix(f.ports, 'u1', 'pay_pix').erro?.http).toBe(503);
  });
});
