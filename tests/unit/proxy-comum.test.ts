// @vitest-environment node
// The Asaas proxy's decisions (pocketbase/pb_hooks/lib/proxy_comum.js), which the kit's proxy.js and asaas.js and
// the demo double all run: what Asaas's answers mean, what a charge is called, which Pix to cancel.
import { describe, expect, it } from 'vitest';
import proxy from '../../pocketbase/pb_hooks/lib/proxy_comum.js';
import R from '../../pocketbase/pb_hooks/lib/regras.json';

const errors = (code: string, description: string) => ({ errors: [{ code, description }] });
const created = (status: number, json: unknown, semChave = false) =>
  proxy.resultadoDaCriacao({ status, json, semChave }, R);

describe('lerRecusa and primeiroErro', () => {
  it('a field Asaas refuses is named for the customer, with Asaas’s words', () => {
    expect(
      proxy.lerRecusa({ code: 'invalid_postalCode', description: 'O CEP informado é inválido.' }),
    ).toEqual({
      recusa: false,
      mensagem: 'Confira o campo CEP do titular do cartão: O CEP informado é inválido.',
    });
    expect(proxy.lerRecusa({ code: 'invalid_cpfCnpj', description: '' })).toEqual({
      recusa: false,
      mensagem: 'Confira o campo CPF do titular do cartão.',
    });
  });

  it('invalid_creditCard, a code it does not know, or none is a decline', () => {
    for (const code of ['invalid_creditCard', 'invalid_something_new', '', 'constructor']) {
      expect(proxy.lerRecusa({ code, description: 'Transação não autorizada.' })).toEqual({
        recusa: true,
        mensagem: 'Transação não autorizada.',
      });
    }
  });

  it('the first of Asaas’s errors, or a neutral one', () => {
    expect(proxy.primeiroErro(errors('invalid_value', 'Informe o valor.'))).toEqual({
      code: 'invalid_value',
      description: 'Informe o valor.',
    });
    for (const json of [null, {}, { errors: [] }, { errors: [null] }, 'texto']) {
      expect(proxy.primeiroErro(json)).toEqual({ code: '', description: '' });
    }
  });
});

describe('corpoDaCobranca: what Asaas is sent (POST /payments)', () => {
  const pedido = {
    cliente: 'cus_1',
    tentativa: 'tentativa-1234',
    tipo: 'familiar',
    flex: true,
    total: 1198,
  };
  const cartao = { cartao: { number: '4444' }, titular: { cpfCnpj: '52998224725' } };

  it('a Pix charge: its value, no card and no buyer IP', () => {
    expect(proxy.corpoDaCobranca({ ...pedido, metodo: 'pix', parcelas: 1 }, '2026-11-27')).toEqual({
      customer: 'cus_1',
      billingType: 'PIX',
      dueDate: '2026-11-27',
      description: 'Agendamento familiar + Flex',
      externalReference: 'tentativa-1234',
      value: 1198,
    });
  });

  it('a card in one payment names its value; in installments, their count and the total', () => {
    const umaVez = proxy.corpoDaCobranca(
      { ...pedido, metodo: 'cartao_credito', parcelas: 1 },
      '2026-11-27',
      cartao,
      '203.0.113.9',
    );
    expect(umaVez).toMatchObject({
      billingType: 'CREDIT_CARD',
      creditCard: cartao.cartao,
      creditCardHolderInfo: cartao.titular,
      remoteIp: '203.0.113.9',
      value: 1198,
    });
    expect(umaVez).not.toHaveProperty('installmentCount');
    const parcelado = proxy.corpoDaCobranca(
      { ...pedido, metodo: 'cartao_credito', parcelas: 6 },
      '2026-11-27',
      cartao,
      '203.0.113.9',
    );
    expect(parcelado).toMatchObject({ installmentCount: 6, totalValue: 1198 });
    expect(parcelado).not.toHaveProperty('value');
  });
});

describe('descricao', () => {
  it('the service as the order names it, and Flex', () => {
    expect(proxy.descricao('individual', false)).toBe('Agendamento individual');
    expect(proxy.descricao('familiar', true)).toBe('Agendamento familiar + Flex');
  });
});

describe('resultadoDaCriacao', () => {
  it('a charge Asaas made takes its status; nothing is refused or given back', () => {
    const payment = { id: 'pay_1', status: 'CONFIRMED', installment: 'ins_1' };
    expect(created(200, payment)).toEqual({
      criada: payment,
      status: 'CONFIRMED',
      descontar: false,
      erro: null,
    });
    expect(created(200, { id: 'pay_2' }).status).toBe('PENDING');
  });

  it('a decline counts against the attempts; a field refused does not and is named', () => {
    expect(created(400, errors('invalid_creditCard', 'Transação não autorizada.'))).toEqual({
      criada: null,
      status: 'RECUSADA',
      motivo: 'Transação não autorizada.',
      descontar: false,
      erro: {
        http: 400,
        mensagem: R.pagamento.recusado,
        campo: 'asaas',
        code: 'invalid_creditCard',
        detalhe: 'Transação não autorizada.',
      },
    });
    const mensagem = 'Confira o campo CEP do titular do cartão: O CEP informado é inválido.';
    expect(created(400, errors('invalid_postalCode', 'O CEP informado é inválido.'))).toEqual({
      criada: null,
      status: 'NAO_CRIADA',
      motivo: mensagem,
      descontar: true,
      erro: { http: 400, mensagem, campo: 'asaas', code: 'invalid_postalCode', detalhe: mensagem },
    });
    expect(created(400, {}).erro).toMatchObject({
      mensagem: R.pagamento.recusado,
      code: 'recusada',
      detalhe: R.pagamento.recusado,
    });
  });

  it('Asaas busy (429): nothing made, no decline, try again later', () => {
    expect(created(429, errors('too_many_requests', 'Limite.'))).toMatchObject({
      status: 'NAO_CRIADA',
      motivo: 'Asaas: 429',
      descontar: true,
      erro: { http: 429, mensagem: R.pagamento.ocupado, code: 'asaas_ocupado' },
    });
  });

  it('no key, or a key Asaas refuses: nothing reached a card, the service is unavailable', () => {
    for (const result of [created(0, null, true), created(401, {}), created(403, {})]) {
      expect(result).toEqual({
        criada: null,
        status: 'NAO_CRIADA',
        descontar: true,
        erro: { http: 503, mensagem: R.pagamento.indisponivel },
      });
    }
  });

  it('no answer, a 5xx or a 200 without an id: the charge may exist, it stays live and unknown', () => {
    for (const [status, json] of [
      [0, null],
      [500, errors('internal', 'Erro interno.')],
      [200, {}],
    ] as const) {
      expect(created(status, json)).toEqual({
        criada: null,
        status: 'INDETERMINADA',
        descontar: true,
        erro: {
          http: 502,
          mensagem: R.pagamento.indeterminado,
          campo: 'cobranca',
          code: 'indeterminada',
          detalhe: R.pagamento.indeterminado,
        },
      });
    }
  });
});

describe("the customer's Asaas account", () => {
  const account = {
    id: 'usr_1',
    nome_completo: 'Maria da Silva Souza',
    cpf: '529.982.247-25',
    email: 'maria@x.test',
    celular: '(31) 99123-4567',
  };
  const digits = (text: string) => text.replace(/\D/g, '');
  const made = (status: number, json: unknown) => proxy.resultadoDoCliente({ status, json }, R);

  it("is made from the account's data: digits only, the account as reference, no Asaas notices", () => {
    expect(proxy.corpoDoCliente(account, digits)).toEqual({
      name: 'Maria da Silva Souza',
      cpfCnpj: '52998224725',
      email: 'maria@x.test',
      mobilePhone: '31991234567',
      externalReference: 'usr_1',
      notificationDisabled: true,
    });
  });

  it('a customer Asaas made is its id', () => {
    expect(made(200, { id: 'cus_1' })).toEqual({ id: 'cus_1', erro: null });
  });

  it("a refusal (any 4xx but 401, its rate limit too) is a 400 in Asaas's words, or a neutral one", () => {
    for (const status of [400, 403, 404, 429]) {
      expect(
        made(status, errors('invalid_cpfCnpj', 'O CPF/CNPJ informado é inválido.')),
        `${status}`,
      ).toEqual({
        id: '',
        erro: {
          http: 400,
          mensagem: 'O CPF/CNPJ informado é inválido.',
          campo: 'asaas',
          code: 'invalid_cpfCnpj',
          detalhe: 'O CPF/CNPJ informado é inválido.',
        },
      });
    }
    expect(made(400, null).erro).toMatchObject({
      http: 400,
      mensagem: R.pagamento.clienteRecusado,
      code: 'asaas',
    });
  });

  it('no key or no answer, a 401, a 5xx, a 200 without an id: the service is unavailable', () => {
    for (const [status, json] of [
      [0, null],
      [401, errors('invalid_access_token', 'Chave inválida.')],
      [500, null],
      [503, errors('unavailable', 'Indisponível.')],
      [200, {}],
    ] as const) {
      expect(made(status, json), `${status}`).toEqual({
        id: '',
        erro: { http: 503, mensagem: R.pagamento.indisponivel },
      });
    }
  });
});

describe('a Pix replaced', () => {
  const pix = (status: string, change = {}) => ({ metodo: 'pix', asaas_id: 'pay_1', status, ...change });

  it('a Pix Asaas still lets the customer pay (pending or overdue) is cancelled; others are not', () => {
    expect(proxy.cancelarPix(pix('PENDING'))).toBe(true);
    expect(proxy.cancelarPix(pix('OVERDUE'))).toBe(true);
    for (const other of [
      pix('RECEIVED'),
      pix('DELETED'),
      pix('PENDING', { asaas_id: '' }),
      pix('PENDING', { metodo: 'cartao_credito' }),
    ]) {
      expect(proxy.cancelarPix(other)).toBe(false);
    }
  });

  it('DELETED only when Asaas cancelled it (200) or does not know it (404)', () => {
    expect(proxy.statusDoCancelamento(200)).toBe('DELETED');
    expect(proxy.statusDoCancelamento(404)).toBe('DELETED');
    for (const status of [0, 400, 429, 500]) expect(proxy.statusDoCancelamento(status)).toBe('');
  });

  it('the live pending Pix of the same order is answered again', () => {
    const live = pix('PENDING', { tipo_servico: 'individual', flex: false });
    expect(proxy.reusarPix(live, 'individual', false)).toBe(true);
    expect(proxy.reusarPix(live, 'individual', true)).toBe(false);
    expect(proxy.reusarPix(live, 'familiar', false)).toBe(false);
    expect(proxy.reusarPix({ ...live, status: 'OVERDUE' }, 'individual', false)).toBe(false);
    expect(proxy.reusarPix(undefined, 'individual', false)).toBe(false);
  });
});

describe('an attempt id, a repeated attempt, an open order', () => {
  const M = R.pagamento;

  it('the browser’s attempt id, a new one when it sent none, a refusal for anything else', () => {
    const nova = () => 'nova-tentativa';
    expect(proxy.tentativaDe({ externalReference: 'vida-abc_123' }, nova, R)).toEqual({
      tentativa: 'vida-abc_123',
    });
    for (const none of [undefined, null, '']) {
      expect(proxy.tentativaDe({ externalReference: none }, nova, R)).toEqual({
        tentativa: 'nova-tentativa',
      });
    }
    for (const bad of ['curta', 'x'.repeat(65), 'com espaço aqui', 12345678, { id: 'abcdefgh' }]) {
      expect(proxy.tentativaDe({ externalReference: bad }, nova, R)).toEqual({
        erro: { campo: 'externalReference', mensagem: M.tentativaInvalida },
      });
    }
  });

  it('a repeated attempt: another customer’s refused, a known charge answered again, an unfinished one refused', () => {
    const earlier = (status: string, motivo = '') => ({ usuario: 'u1', status, motivo });
    expect(proxy.recusaDaRepetida(earlier('CONFIRMED'), 'u2', R)).toEqual({
      http: 409,
      mensagem: M.tentativaRepetida,
    });
    for (const status of ['CONFIRMED', 'PENDING', 'AWAITING_RISK_ANALYSIS'])
      expect(proxy.recusaDaRepetida(earlier(status), 'u1', R)).toBeNull();
    for (const status of ['ENVIANDO', 'INDETERMINADA'])
      expect(proxy.recusaDaRepetida(earlier(status), 'u1', R)).toMatchObject({
        http: 502,
        campo: 'cobranca',
        code: 'indeterminada',
      });
    expect(proxy.recusaDaRepetida(earlier('RECUSADA', 'Saldo insuficiente.'), 'u1', R)).toEqual({
      http: 400,
      mensagem: M.recusado,
      campo: 'asaas',
      code: 'recusada',
      detalhe: 'Saldo insuficiente.',
    });
    expect(proxy.recusaDaRepetida(earlier('NAO_CRIADA'), 'u1', R)).toMatchObject({
      http: 400,
      code: 'nao_criada',
    });
  });

  it('an open order, or a live charge, refuses a new one with 409', () => {
    const existing = {
      http: 409,
      mensagem: M.pedidoExiste,
      campo: 'pedido',
      code: 'pedido_existente',
      detalhe: M.pedidoExiste,
    };
    expect(proxy.recusaDoPedidoExistente(R)).toEqual(existing);
    expect(proxy.recusaDaAtiva({ status: 'CONFIRMED' }, true, R)).toEqual(existing);
    expect(proxy.recusaDaAtiva({ status: 'ENVIANDO' }, false, R)).toEqual({
      http: 409,
      mensagem: M.cobrancaEmCurso,
      campo: 'cobranca',
      code: 'cobranca_em_curso',
      detalhe: 'ENVIANDO',
    });
  });
});
