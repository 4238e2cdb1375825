// @vitest-environment node
// The refund's order of steps (pocketbase/pb_hooks/lib/estorno_fluxo.js), which the kit's estornos.js and the demo
// double both run, on fake ports: an order in memory and a scripted Asaas.
import { describe, expect, it } from 'vitest';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import estornoComum from '../../pocketbase/pb_hooks/lib/estorno_comum.js';
import fluxo, {
  type PedidoDoFluxo,
  type PortasDaDesistencia,
  type PortasDaEquipe,
} from '../../pocketbase/pb_hooks/lib/estorno_fluxo.js';
import R from '../../pocketbase/pb_hooks/lib/regras.json';
import { type Answer, scriptedAsaas } from './fluxo-ports';

const M = R.estorno;
type Call = { metodo: string; caminho: string; corpo?: Record<string, unknown> };

/** São Paulo's "YYYY-MM-DD HH:MM:SS", as Asaas dates a refund. */
const asaasDate = (ms: number) => new Date(ms - 3 * 3600 * 1000).toISOString().replace('T', ' ').slice(0, 19);

/**
 * Fake ports over one order: `answers` are Asaas's, in order; `meanwhile` runs inside the claim's transaction, before
 * the order is read afresh (another refund marking it first).
 */
function fake(order: Partial<PedidoDoFluxo>, answers: Answer[], meanwhile?: (o: PedidoDoFluxo) => void) {
  const row: PedidoDoFluxo = {
    id: 'p1',
    usuario: 'u1',
    preco_servico: 699,
    valor_estornado: 0,
    status_asaas: 'CONFIRMED',
    metodo_pagamento: 'pix',
    asaas_id_pagamento: 'pay_1',
    ...estornoComum.SEM_INCERTO,
    ...order,
  };
  const calls: Call[] = [];
  const saved: Partial<PedidoDoFluxo>[] = [];
  const notes: string[] = [];
  const mails: { cliente: unknown; equipe: unknown }[] = [];
  const cancelled: string[] = [];
  let charge = '';
  const ports: PortasDaDesistencia & PortasDaEquipe = {
    ler: () => ({ ...row }),
    cobranca: () => ({ id: 'c1', asaas_id: 'pay_1' }),
    gravar: (_, mudar) => {
      if (meanwhile) meanwhile(row);
      meanwhile = undefined;
      const campos = mudar({ ...row });
      if (campos) saved.push(campos);
      Object.assign(row, campos);
      return { ...row };
    },
    contar: (_, cobranca, mudar) => {
      charge = cobranca ? 'SOLICITADO' : '';
      Object.assign(row, mudar({ ...row }));
      return { ...row };
    },
    asaas: scriptedAsaas(answers, (metodo, caminho, corpo) => calls.push({ metodo, caminho, corpo })),
    espera: () => undefined,
    nota: (_, campo, texto) => notes.push(`${campo}: ${texto}`),
    cancelar: (_, campo, texto) => {
      cancelled.push(texto);
      notes.push(`${campo}: ${texto}`);
    },
    daVez: () => true,
    avisar: (_, escrever) => mails.push(escrever('Maria')),
    pedidoDoAgendamento: () => ({ agendamento: { id: 'b1' }, pedido: { ...row } }),
  };
  return { row, ports, calls, saved, notes, mails, cancelled, charge: () => charge };
}

/** An earlier refund of `valor` reais, asked a while ago (its call over), Asaas's answer never read. */
const uncertain = (valor: number, agoMs = 5 * 60 * 1000) => ({
  ...estornoComum.marcaDoIncerto(valor, 0, Date.now() - agoMs),
  estorno_em_voo: false,
});
const refunded = (value: number) => ({
  status: 200,
  json: { status: 'RECEIVED', refunds: [{ value, status: 'DONE', dateCreated: asaasDate(Date.now()) }] },
});
const taken = { status: 200, json: { id: 'pay_1', status: 'REFUNDED' } };

describe('estornarRestante: all that remains given back', () => {
  it('an earlier refund of unknown outcome Asaas made is counted, and only the rest is asked', () => {
    const f = fake(uncertain(200), [refunded(200), taken]);
    const done = fluxo.estornarRestante(f.ports, { ...f.row }, 'Desistência');
    expect(f.calls).toEqual([
      { metodo: 'GET', caminho: '/payments/pay_1', corpo: undefined },
      {
        metodo: 'POST',
        caminho: '/payments/pay_1/refund',
        corpo: { description: 'Desistência', value: 499 },
      },
    ]);
    expect(done.erro).toBeUndefined();
    expect(done.confirmado).toMatchObject({ valor: 200 });
    expect(f.row).toMatchObject({ valor_estornado: 699, ...estornoComum.SEM_INCERTO });
    expect(f.charge()).toBe('SOLICITADO');
  });

  it('an earlier refund Asaas did not make: its mark goes and all is asked once', () => {
    const f = fake(uncertain(200), [{ status: 200, json: { status: 'RECEIVED', refunds: [] } }, taken]);
    const done = fluxo.estornarRestante(f.ports, { ...f.row }, 'Desistência');
    expect(f.calls.map((c) => [c.metodo, c.corpo])).toEqual([
      ['GET', undefined],
      ['POST', { description: 'Desistência' }],
    ]);
    expect(done.confirmado).toBeNull();
    expect(f.row).toMatchObject({ valor_estornado: 699, ...estornoComum.SEM_INCERTO });
  });
});

describe('pedirEstorno: the mark of a refund of unknown outcome', () => {
  it('Asaas silent: 503, the mark stays (its call over), nothing counted', () => {
    const f = fake({}, [{ status: 0, json: null }]);
    const done = fluxo.pedirEstorno(f.ports, { ...f.row }, 100, 'Motivo');
    expect(done.erro).toEqual({ http: 503, message: M.falhou });
    expect(f.row).toMatchObject({ estorno_incerto_valor: 100, estorno_em_voo: false, valor_estornado: 0 });
    expect(estornoComum.incertoDe(f.row)).toMatchObject({ valor: 100, antes: 0, emVoo: false });
    expect(f.charge()).toBe('');
  });

  it('Asaas refuses: 400 in its words, the mark goes', () => {
    const f = fake({}, [
      { status: 400, json: { errors: [{ code: 'invalid_value', description: 'Valor alto.' }] } },
    ]);
    const done = fluxo.pedirEstorno(f.ports, { ...f.row }, 100, 'Motivo');
    expect(done.erro).toEqual({ http: 400, message: 'Valor alto.', campo: 'asaas', code: 'invalid_value' });
    // Marked before the call, then cleared.
    expect(f.saved[0]).toMatchObject({ estorno_incerto_valor: 100, estorno_em_voo: true });
    expect(f.row).toMatchObject({ ...estornoComum.SEM_INCERTO, valor_estornado: 0 });
  });

  it('a mark found again when the order is claimed: 409, Asaas not asked', () => {
    const f = fake({}, [taken], (row) => Object.assign(row, estornoComum.marcaDoIncerto(50, 0, Date.now())));
    const done = fluxo.pedirEstorno(f.ports, { ...f.row }, 100, 'Motivo');
    expect(done.erro).toEqual({ http: 409, message: M.incertoEmAndamento });
    expect(f.calls).toEqual([]);
    expect(f.row).toMatchObject({ estorno_incerto_valor: 50 });
  });

  it('an earlier refund still waiting for its answer: 409; Asaas silent on the earlier one: 503, nothing asked', () => {
    const waiting = fake({ ...uncertain(200, 1000), estorno_em_voo: true }, [taken]);
    expect(fluxo.pedirEstorno(waiting.ports, { ...waiting.row }, 100, 'M').erro?.http).toBe(409);
    expect(waiting.calls).toEqual([]);
    const silent = fake(uncertain(200), [{ status: 0, json: null }]);
    const incerto = estornoComum.incertoDe(silent.row);
    if (!incerto) throw new Error('no mark');
    expect(fluxo.pedirEstorno(silent.ports, { ...silent.row }, 100, 'M').erro).toEqual({
      http: 503,
      message: estornoComum.textoDoIncerto(M.incertoSemResposta, incerto, comum.reais),
    });
    expect(silent.calls.map((c) => c.metodo)).toEqual(['GET']);
    expect(silent.row).toMatchObject({ estorno_incerto_valor: 200 });
  });
});

describe('estornar: the staff refund', () => {
  it("an earlier refund Asaas made: 'confirmado', its note, the customer told; nothing asked again", () => {
    const f = fake(uncertain(200), [refunded(200)]);
    const done = fluxo.estornar(f.ports, { agendamento: 'b1', motivo: 'Pedido do cliente', valor: 200 });
    const incerto = estornoComum.incertoDe(f.ports.ler('p1'));
    expect(incerto).toBeNull(); // counted: the mark went
    expect(done.resposta).toMatchObject({ resultado: 'confirmado' });
    expect(f.calls.map((c) => c.metodo)).toEqual(['GET']);
    expect(f.row.valor_estornado).toBe(200);
    expect(f.notes).toHaveLength(1);
    expect(f.notes[0]).toMatch(/^estorno: /);
    expect(f.notes[0]).toContain(comum.reais(200));
    expect(f.mails).toHaveLength(1);
    expect(f.mails[0]?.cliente).toBeTruthy();
  });

  it("no reason: refused before the order is read; else 'solicitado' with its note", () => {
    const none = fake({}, [taken]);
    expect(fluxo.estornar(none.ports, { agendamento: 'b1', motivo: ' ' }).erro).toMatchObject({
      http: 400,
      message: M.motivo,
      campo: 'motivo',
    });
    expect(none.calls).toEqual([]);
    const f = fake({}, [taken]);
    expect(fluxo.estornar(f.ports, { agendamento: 'b1', motivo: 'Erro', valor: 100 }).resposta).toEqual({
      resultado: 'solicitado',
    });
    expect(f.notes).toEqual([
      `estorno: Estorno parcial de ${comum.reais(100)} solicitado ao Asaas. Motivo: Erro`,
    ]);
    expect(f.row.valor_estornado).toBe(100);
  });
});

describe('desistir: the withdrawal', () => {
  const today = new Date(Date.now() - 3 * 3600 * 1000).toISOString().slice(0, 10);

  it('booked already: to staff, once per interval; nothing refunded', () => {
    const f = fake({}, []);
    const booked = { id: 'b1', status_agendamento: 'AGENDADO' };
    expect(fluxo.desistir(f.ports, { ...f.row, ultimoDia: today }, booked, today).resposta).toEqual({
      resultado: 'encaminhada',
    });
    expect(f.notes).toEqual([`desistencia: ${M.desistenciaEncaminhada}`]);
    expect(f.mails).toMatchObject([{ cliente: null }]);
    const again = fake({}, []);
    again.ports.daVez = () => false;
    fluxo.desistir(again.ports, { ...again.row, ultimoDia: today }, booked, today);
    expect([again.notes, again.mails, again.calls]).toEqual([[], [], []]);
  });

  it('before booking: refunded, the booking cancelled, both told; Asaas refusing, nothing else', () => {
    const f = fake({}, [taken]);
    const open = { id: 'b1', status_agendamento: 'NOVO' };
    expect(fluxo.desistir(f.ports, { ...f.row, ultimoDia: today }, open, today).resposta).toEqual({
      resultado: 'estornada',
    });
    expect(f.cancelled).toEqual([M.desistenciaEstornada]);
    expect(f.mails).toHaveLength(1);
    expect(f.mails[0]?.cliente).toBeTruthy();
    const refused = fake({}, [{ status: 400, json: { errors: [{ code: 'x', description: 'Não.' }] } }]);
    expect(fluxo.desistir(refused.ports, { ...refused.row, ultimoDia: today }, open, today).erro?.http).toBe(
      400,
    );
    expect([refused.cancelled, refused.mails]).toEqual([[], []]);
  });
});
