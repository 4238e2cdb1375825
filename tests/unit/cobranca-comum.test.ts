// @vitest-environment node
// The charge's state machine and the card checks (pocketbase/pb_hooks/lib/cobranca_comum.js), which the kit's
// pedidos.js and proxy.js and the demo double all run.
import { describe, expect, it } from 'vitest';
import maquina, { type ContextoDoPlano } from '../../pocketbase/pb_hooks/lib/cobranca_comum.js';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import CAMPOS from '../../pocketbase/pb_hooks/lib/mensagens.json';
import R from '../../pocketbase/pb_hooks/lib/regras.json';

const move = (from: string, to: string, duplicada = false) =>
  maquina.transicao({ status: from, duplicada }, to, R);

describe('transicao', () => {
  it('a paid status writes the order once, and reaches the payment row only when it changes', () => {
    expect(move('PENDING', 'CONFIRMED')).toMatchObject({
      ativa: true,
      pedido: true,
      novoPedido: true,
      pagamento: true,
      posPagamento: false,
    });
    expect(move('CONFIRMED', 'RECEIVED')).toMatchObject({ pedido: true, novoPedido: false, pagamento: true });
    expect(move('CONFIRMED', 'CONFIRMED')).toMatchObject({
      pedido: true,
      novoPedido: false,
      pagamento: false,
    });
  });

  it('a late or out-of-order event never undoes a payment, and a refund is final', () => {
    expect(move('CONFIRMED', 'PENDING')).toBeNull();
    expect(move('PARTIALLY_REFUNDED', 'OVERDUE')).toBeNull();
    expect(move('REFUNDED', 'CONFIRMED')).toBeNull();
    expect(move('REFUNDED', 'REFUNDED')).toMatchObject({ estornoTotal: true, ativa: false });
  });

  it('after the money: the booking hears of it; a full refund closes the charge', () => {
    expect(move('CONFIRMED', 'PARTIALLY_REFUNDED')).toMatchObject({ posPagamento: true, ativa: true });
    expect(move('CONFIRMED', 'REFUNDED')).toMatchObject({
      posPagamento: true,
      estornoTotal: true,
      ativa: false,
    });
    expect(move('CONFIRMED', 'CHARGEBACK_REQUESTED')).toMatchObject({ posPagamento: true, pedido: false });
  });

  it('an unpaid end frees the customer to pay again; less than the price alerts staff once', () => {
    expect(move('PENDING', 'RECUSADA')).toMatchObject({ ativa: false, pedido: false, pagamento: false });
    expect(move('PENDING', 'VALOR_DIVERGENTE')).toMatchObject({ alertarDivergente: true, pedido: false });
    expect(move('VALOR_DIVERGENTE', 'VALOR_DIVERGENTE')).toMatchObject({ alertarDivergente: false });
  });

  it('a duplicate charge only records its status', () => {
    expect(move('CONFIRMED', 'REFUNDED', true)).toEqual({ duplicada: true });
  });
});

describe('statusDoAsaas and the refunds Asaas lists', () => {
  const parcela = comum.parcelamento(699, 3).valor;
  it('reads a payment: removed, below the installment, partly refunded, or its own status', () => {
    expect(maquina.statusDoAsaas(parcela, { deleted: true, status: 'CONFIRMED' }, R)).toBe('DELETED');
    expect(maquina.statusDoAsaas(parcela, { status: 'CONFIRMED', value: parcela - 0.01 }, R)).toBe(
      'VALOR_DIVERGENTE',
    );
    const refunds = [
      { status: 'CANCELLED', value: 50 },
      { status: 'DONE', value: 10 },
    ];
    expect(maquina.statusDoAsaas(parcela, { status: 'RECEIVED', value: parcela, refunds }, R)).toBe(
      'PARTIALLY_REFUNDED',
    );
    expect(maquina.statusDoAsaas(parcela, { status: 'PENDING', value: 1 }, R)).toBe('PENDING');
  });

  it('sums the refunds that count, capped at the price, never going down; installments are left alone', () => {
    const paid = {
      status: 'CONFIRMED',
      refunds: [{ value: 300 }, { value: 500 }, { status: 'CANCELLED', value: 99 }],
    };
    expect(maquina.valorEstornadoListado({ parcelamento: '' }, paid, 699, 0)).toBe(699);
    expect(maquina.valorEstornadoListado({ parcelamento: '' }, { refunds: [{ value: 100 }] }, 699, 0)).toBe(
      100,
    );
    expect(
      maquina.valorEstornadoListado({ parcelamento: '' }, { refunds: [{ value: 100 }] }, 699, 200),
    ).toBeNull();
    expect(maquina.valorEstornadoListado({ parcelamento: 'ins_1' }, paid, 699, 0)).toBeNull();
  });
});

describe('dadosDoCartao', () => {
  const body = (card: Record<string, unknown> = {}, holder: Record<string, unknown> = {}) => ({
    creditCard: {
      holderName: '  maria   souza ',
      number: '4111 1111-1111 1111',
      expiryMonth: '07',
      expiryYear: '2031',
      ccv: '123',
      ...card,
    },
    creditCardHolderInfo: {
      name: 'Maria Souza',
      email: ' maria@exemplo.com.br ',
      cpfCnpj: '529.982.247-25',
      postalCode: '01310-100',
      addressNumber: ' 1000 ',
      phone: '(11) 98765-4321',
      ...holder,
    },
  });
  it('sends Asaas the digits and trimmed texts only', () => {
    expect(maquina.dadosDoCartao(body(), CAMPOS, comum.cpfValido)).toEqual({
      cartao: {
        holderName: 'maria souza',
        number: '4111111111111111',
        expiryMonth: '07',
        expiryYear: '2031',
        ccv: '123',
      },
      titular: {
        name: 'Maria Souza',
        email: 'maria@exemplo.com.br',
        cpfCnpj: '52998224725',
        postalCode: '01310100',
        addressNumber: '1000',
        phone: '11987654321',
      },
    });
  });

  it('refuses, with the browser’s words, what Asaas must never receive', () => {
    const refusal = (card: Record<string, unknown>, holder: Record<string, unknown> = {}) =>
      maquina.dadosDoCartao(body(card, holder), CAMPOS, comum.cpfValido);
    expect(refusal({ holderName: 'x'.repeat(101) })).toEqual({
      erro: { campo: 'creditCard.holderName', mensagem: CAMPOS.titularLongo },
    });
    expect(refusal({ number: '<script>4111111111111111' })).toEqual({
      erro: { campo: 'creditCard.number', mensagem: CAMPOS.numeroCartaoInvalido },
    });
    expect(refusal({ ccv: '12' })).toEqual({
      erro: { campo: 'creditCard.ccv', mensagem: CAMPOS.cvvInvalido },
    });
    expect(refusal({}, { cpfCnpj: '529.982.247-26' })).toEqual({
      erro: { campo: 'creditCardHolderInfo.cpfCnpj', mensagem: CAMPOS.cpfInvalido },
    });
    expect(refusal({}, { addressNumber: '1'.repeat(11) })).toEqual({
      erro: { campo: 'creditCardHolderInfo.addressNumber', mensagem: 'Número do endereço muito longo' },
    });
    expect(refusal({}, { phone: '123' })).toEqual({
      erro: { campo: 'creditCardHolderInfo.phone', mensagem: CAMPOS.celularInvalido },
    });
  });
});

describe('conciliação', () => {
  it('an unknown outcome is settled at once, a charge left ENVIANDO only after the wait', () => {
    expect(maquina.precisaConciliar('INDETERMINADA', 0, 600)).toBe(true);
    expect(maquina.precisaConciliar('ENVIANDO', 600, 600)).toBe(false);
    expect(maquina.precisaConciliar('ENVIANDO', 601, 600)).toBe(true);
    for (const status of ['PENDING', 'CONFIRMED', 'NAO_CRIADA', 'RECUSADA'])
      expect(maquina.precisaConciliar(status, 10_000, 600)).toBe(false);
  });

  const listed = [
    { id: 'pay_3', installment: 'ins_1', installmentNumber: 3, status: 'PENDING' },
    { id: 'pay_2', installment: 'ins_1', installmentNumber: 2, status: 'CONFIRMED' },
    { id: 'pay_1', installment: 'ins_1', installmentNumber: 1, status: 'PENDING' },
    { id: 'pay_x', installment: 'ins_outro', installmentNumber: 1, status: 'CONFIRMED' },
    null,
    { id: '', status: 'CONFIRMED' },
  ];

  it('the payment it knows; else its own plan’s, a paid one first, then the first by number', () => {
    expect(maquina.pagamentoDaCobranca({ asaas_id: 'pay_3' }, listed, R)?.id).toBe('pay_3');
    expect(maquina.pagamentoDaCobranca({ asaas_id: '', parcelamento: 'ins_1' }, listed, R)?.id).toBe('pay_2');
    const unpaid = listed.filter((p) => p?.id !== 'pay_2');
    expect(maquina.pagamentoDaCobranca({ asaas_id: '', parcelamento: 'ins_1' }, unpaid, R)?.id).toBe('pay_1');
    expect(maquina.pagamentoDaCobranca({ asaas_id: '', parcelamento: 'ins_nenhum' }, listed, R)).toBeNull();
    expect(maquina.pagamentoDaCobranca({ asaas_id: '' }, [], R)).toBeNull();
  });

  it('nothing listed: never made once the wait is over, else it stays', () => {
    const found = maquina.desfechoDaConciliacao({ asaas_id: 'pay_1' }, listed, 0, 600, R);
    expect(found?.pagamento?.id).toBe('pay_1');
    expect(maquina.desfechoDaConciliacao({ asaas_id: '' }, [], 601, 600, R)).toEqual({ naoCriada: true });
    expect(maquina.desfechoDaConciliacao({ asaas_id: '' }, [], 600, 600, R)).toBeNull();
  });
});

describe('idsDoPagamento', () => {
  it('a payment teaches its charge only the ids it does not hold yet', () => {
    const pagamento = { id: 'pay_2', installment: 'ins_1' };
    expect(maquina.idsDoPagamento({ asaas_id: '' }, pagamento)).toEqual({
      asaas_id: 'pay_2',
      parcelamento: 'ins_1',
    });
    expect(maquina.idsDoPagamento({ asaas_id: 'pay_1', parcelamento: 'ins_1' }, pagamento)).toEqual({});
    expect(maquina.idsDoPagamento({ asaas_id: 'pay_1' }, { id: 'pay_1', installment: null })).toEqual({});
  });
});

describe('statusDoEvento', () => {
  it('the status Asaas reports, whatever the event; a refusal event only while it is unpaid', () => {
    expect(maquina.statusDoEvento('PAYMENT_RECEIVED', 'CONFIRMED', R)).toBe('CONFIRMED');
    expect(maquina.statusDoEvento('PAYMENT_UPDATED', '', R)).toBe('PENDING');
    expect(maquina.statusDoEvento('PAYMENT_REPROVED_BY_RISK_ANALYSIS', 'AWAITING_RISK_ANALYSIS', R)).toBe(
      'REPROVED_BY_RISK_ANALYSIS',
    );
    expect(maquina.statusDoEvento('PAYMENT_CREDIT_CARD_CAPTURE_REFUSED', 'CONFIRMED', R)).toBe('CONFIRMED');
  });
});

describe('plano: the whole of a charge’s move', () => {
  const cobranca = {
    id: 'cob_1',
    status: 'PENDING',
    duplicada: false,
    usuario: 'u1',
    tipo_servico: 'familiar',
    valor: 1298,
    flex: true,
    metodo: 'cartao_credito',
    parcelas: 3,
    asaas_id: 'pay_1',
    parcelamento: 'ins_1',
  };
  const semPedido: ContextoDoPlano = {
    pedido: null,
    agendamento: null,
    outro: null,
    nfse: true,
    reais: comum.reais,
  };
  const pago = { status_asaas: 'CONFIRMED', preco_servico: 1298 };
  const comPedido = { ...semPedido, pedido: pago, agendamento: { status_agendamento: 'NOVO' } };
  const plano = (status: string, contexto = semPedido, de = cobranca) =>
    maquina.plano(de, status, contexto, R);

  it('paid: the charge stays live, the order is written with the charge’s fields, the receipt and invoice follow', () => {
    expect(plano('CONFIRMED')).toEqual({
      cobranca: { status: 'CONFIRMED', ativa: true },
      duplicada: null,
      pedido: {
        pagamento: {
          usuario: 'u1',
          cobranca: 'cob_1',
          tipo_servico: 'familiar',
          preco_servico: 1298,
          flex: true,
          metodo_pagamento: 'cartao_credito',
          numero_parcelas: 3,
          asaas_id_pagamento: 'pay_1',
          parcelamento: 'ins_1',
          status_asaas: 'CONFIRMED',
          nota_status: 'PENDENTE',
        },
        agendamento: {
          usuario: 'u1',
          status_agendamento: 'NOVO',
          data_agendamento: '',
          hora_agendamento: '',
          local_agendamento: '',
        },
        depois: ['recibo', 'enviarNota'],
      },
      pagamento: null,
      posPagamento: null,
      depois: [],
    });
  });

  it('NFS-e off: no invoice due, nothing to send', () => {
    const pedido = plano('CONFIRMED', { ...semPedido, nfse: false })?.pedido;
    expect(pedido?.pagamento.nota_status).toBe('');
    expect(pedido?.depois).toEqual(['recibo']);
  });

  it('paid while the customer has another order: a duplicate, noted on that order and refunded', () => {
    expect(plano('CONFIRMED', { ...semPedido, outro: 'pedido' })).toMatchObject({
      cobranca: { status: 'CONFIRMED', ativa: false, duplicada: true },
      duplicada: {
        nota: `Pagamento duplicado pay_1 (${comum.reais(1298)}): estorno automático solicitado ao Asaas.`,
      },
      pedido: null,
      depois: ['estornarDuplicada'],
    });
    expect(plano('CONFIRMED', { ...semPedido, outro: 'cobranca' })?.duplicada).toEqual({ nota: null });
    // An order of its own counts first: no duplicate, no second order.
    expect(plano('CONFIRMED', { ...comPedido, outro: null })?.duplicada).toBeNull();
    expect(plano('CONFIRMED', comPedido)?.pedido).toBeNull();
  });

  it('a duplicate refunded on its own: only its status', () => {
    expect(plano('REFUNDED', comPedido, { ...cobranca, status: 'CONFIRMED', duplicada: true })).toMatchObject(
      {
        cobranca: { status: 'REFUNDED' },
        pedido: null,
        pagamento: null,
        posPagamento: null,
        depois: [],
      },
    );
  });

  it('the reason is kept, cut to 500 characters; an unpaid status writes nothing else', () => {
    expect(plano('RECUSADA', { ...semPedido, motivo: 'x'.repeat(600) })).toEqual({
      cobranca: { status: 'RECUSADA', ativa: false, motivo: 'x'.repeat(500) },
      duplicada: null,
      pedido: null,
      pagamento: null,
      posPagamento: null,
      depois: [],
    });
    expect(plano('PENDING', { ...semPedido, motivo: '' })?.cobranca).toEqual({
      status: 'PENDING',
      ativa: true,
      motivo: '',
    });
  });

  it('below the price: no order, staff told once', () => {
    expect(plano(maquina.VALOR_DIVERGENTE)).toMatchObject({ pedido: null, depois: ['alertarDivergente'] });
    const again = plano(maquina.VALOR_DIVERGENTE, semPedido, {
      ...cobranca,
      status: maquina.VALOR_DIVERGENTE,
    });
    expect(again?.depois).toEqual([]);
  });

  it('a full refund: the order takes it, the booking is cancelled with a note, the invoice and staff hear of it', () => {
    const feito = plano('REFUNDED', comPedido, { ...cobranca, status: 'CONFIRMED' });
    expect(feito).toMatchObject({
      cobranca: { status: 'REFUNDED', ativa: false },
      pedido: null,
      pagamento: { status_asaas: 'REFUNDED', valor_estornado: 1298 },
      posPagamento: { nota: R.textosPosPagamento.REFUNDED, cancelar: true, aposEstorno: true },
      depois: ['alertarPosPagamento'],
    });
    const cancelado = { ...comPedido, agendamento: { status_agendamento: 'CANCELADO' } };
    expect(plano('REFUNDED', cancelado, { ...cobranca, status: 'CONFIRMED' })?.posPagamento?.cancelar).toBe(
      false,
    );
  });

  it('a chargeback reaches the booking but not the invoice; no booking, no note; the same status twice, nothing', () => {
    const chargeback = plano('CHARGEBACK_REQUESTED', comPedido, { ...cobranca, status: 'CONFIRMED' });
    expect(chargeback?.pagamento).toEqual({ status_asaas: 'CHARGEBACK_REQUESTED' });
    expect(chargeback?.posPagamento).toMatchObject({ cancelar: false, aposEstorno: false });
    const semAgendamento = { ...comPedido, agendamento: null };
    expect(plano('CHARGEBACK_REQUESTED', semAgendamento, cobranca)?.posPagamento).toBeNull();
    const igual = { ...comPedido, pedido: { ...pago, status_asaas: 'CHARGEBACK_REQUESTED' } };
    expect(plano('CHARGEBACK_REQUESTED', igual, cobranca)).toMatchObject({ pagamento: null, depois: [] });
  });

  it('a late event never undoes a payment', () => {
    expect(plano('PENDING', comPedido, { ...cobranca, status: 'CONFIRMED' })).toBeNull();
  });
});

describe('reenvioDaNota: an invoice in error sent again by staff', () => {
  it('is due again, one attempt more, without the last one’s id and error', () => {
    expect(maquina.reenvioDaNota(1)).toEqual({
      nota_status: 'PENDENTE',
      nota_tentativas: 2,
      nota_id: '',
      nota_erro: '',
    });
    expect(maquina.reenvioDaNota(undefined).nota_tentativas).toBe(1);
  });
});
