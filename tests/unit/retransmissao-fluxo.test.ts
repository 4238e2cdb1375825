// @vitest-environment node
// The booking day's code relay in its order of steps (pocketbase/pb_hooks/lib/retransmissao_fluxo.js), which the
// kit's dia.js and retransmissao.js and the demo double both run, on fake ports that log each step.
import { describe, expect, it } from 'vitest';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import fluxo, {
  type PortasDaRetransmissao,
  type PortasDoPasso,
} from '../../pocketbase/pb_hooks/lib/retransmissao_fluxo.js';
import { notaLogged, stepLog } from './fluxo-ports';

const STAFF = { id: 'staff1', nome: 'Ana Equipe' };
const OTHER = { id: 'staff2', nome: 'Bruno Equipe' };
const NOW = Date.parse('2026-12-01T19:00:12.000Z');

type Handling = { id: string; responsavel: string; responsavel_nome: string; pedido?: string };

/** Fake ports of a move over one booking (owned by 'u1', ANALISE_OK unless said) and its handling. */
function moveFake(handling: Partial<Handling> = {}, booking: { status_agendamento?: string } | null = {}) {
  const { steps, step } = stepLog();
  const row: Handling = { id: 'at1', responsavel: '', responsavel_nome: '', ...handling };
  const ports: PortasDoPasso<Handling, Handling> = {
    agendamento: () => {
      step('agendamento');
      return booking && { id: 'ag1', usuario: 'u1', status_agendamento: 'ANALISE_OK', ...booking };
    },
    atendimento: () => {
      step('atendimento');
      return row;
    },
    gravar: (h, valores) => {
      step('gravar ' + JSON.stringify(valores));
      return Object.assign(h, valores);
    },
    apagar: (onde) => {
      step('apagar ' + JSON.stringify(onde));
      return 1;
    },
    nota: notaLogged(step),
  };
  return { ports, steps, row };
}

describe('retransmissao_fluxo mover', () => {
  it('letting the case go deletes what was relayed on it, after the write, with no history line', () => {
    const { ports, steps } = moveFake({
      responsavel: STAFF.id,
      responsavel_nome: STAFF.nome,
      pedido: 'codigo',
    });
    const feito = fluxo.mover(ports, 'soltar', '', STAFF, NOW);
    expect(feito.erro).toBeUndefined();
    expect(steps).toEqual([
      'agendamento',
      'atendimento',
      'gravar {"responsavel":"","responsavel_nome":"","pedido":""}',
      'apagar {"atendimento":"at1"}',
    ]);
  });

  it('taking a case or asking for a code deletes nothing; what was asked goes into the history', () => {
    const taken = moveFake();
    fluxo.mover(taken.ports, 'assumir', '', STAFF, NOW);
    expect(taken.steps.some((s) => s.startsWith('apagar'))).toBe(false);
    const asked = moveFake({ responsavel: STAFF.id, responsavel_nome: STAFF.nome });
    const feito = fluxo.mover(asked.ports, 'pedir', 'codigo', STAFF, NOW);
    expect(feito.atendimento).toMatchObject({ pedido: 'codigo', pedido_em: '2026-12-01 19:00:12.000Z' });
    expect(asked.steps.at(-1)).toBe('nota ag1 prenotami código pedido às 16:00:12');
    expect(asked.steps.some((s) => s.startsWith('apagar'))).toBe(false);
  });

  it('refuses an unknown kind before reading anything', () => {
    const { ports, steps } = moveFake({ responsavel: STAFF.id });
    const feito = fluxo.mover(ports, 'pedir', 'cpf', STAFF, NOW);
    expect(feito.erro).toMatchObject({ status: 400, erros: { tipo: { message: diaComum.MSG.tipo } } });
    expect(steps).toEqual([]);
  });

  it("answers someone else's booking as not found, before its handling is read or made", () => {
    const { ports, steps } = moveFake();
    expect(fluxo.mover(ports, 'pronto', '', { id: 'u2', nome: 'Outro' }, NOW).erro).toEqual({
      status: 404,
      message: diaComum.MSG.naoEncontrado,
    });
    expect(steps).toEqual(['agendamento']);
    const owner = moveFake();
    expect(fluxo.mover(owner.ports, 'pronto', '', { id: 'u1', nome: 'Dono' }, NOW).erro).toBeUndefined();
  });

  it("writes nothing when the move is refused (another staff member's case)", () => {
    const { ports, steps } = moveFake({ responsavel: OTHER.id, responsavel_nome: OTHER.nome });
    const feito = fluxo.mover(ports, 'soltar', '', STAFF, NOW);
    expect(feito.erro).toEqual({ status: 403, message: diaComum.MSG.naoAssumido });
    expect(steps).toEqual(['agendamento', 'atendimento']);
  });
});

/** Fake ports of a relayed value's write; `steps` logs each, 'tx ' before those inside the transaction. */
function relayFake(pedido = 'codigo') {
  const { steps, step, transacao } = stepLog();
  const ports: PortasDaRetransmissao = {
    pedido: () => pedido,
    transacao,
    salvar: (campos) => step(`salvar ${JSON.stringify(campos)}`),
    entregue: (campos) => step(`entregue ${JSON.stringify(campos)}`),
    nota: (texto) => step(`nota ${texto}`),
  };
  return { ports, steps };
}

const value = (
  valor: string,
  extra: Partial<{ tipo: string; enviado_em: string; expira_em: string }> = {},
) => ({
  tipo: 'codigo',
  valor,
  enviado_em: '',
  expira_em: '',
  ...extra,
});

describe('retransmissao_fluxo retransmitir', () => {
  it('a first keystroke gets the server’s lifetime; the 6th digit records when, in the same transaction, never what', () => {
    const first = relayFake();
    expect(fluxo.retransmitir(first.ports, true, value('1'), undefined, NOW, 600000, false)).toEqual({
      campos: { expira_em: '2026-12-01 19:10:12.000Z', enviado_em: '' },
    });
    const last = relayFake();
    fluxo.retransmitir(last.ports, false, value('123456'), undefined, NOW, 600000, false);
    expect(last.steps).toEqual([
      'tx salvar {"enviado_em":"2026-12-01 19:00:12.000Z"}',
      'tx entregue {"entregue_em":"2026-12-01 19:00:12.000Z"}',
      'tx nota código recebido às 16:00:12',
    ]);
  });

  it('records a value handed over once: a later write finishes nothing', () => {
    const { ports, steps } = relayFake();
    const sent = value('123456', { enviado_em: '2026-12-01 18:59:00.000Z' });
    fluxo.retransmitir(ports, false, sent, undefined, NOW, 600000, false);
    expect(steps).toEqual(['tx salvar {}']);
  });

  it('refuses a kind not asked now (409) and a value not of its kind (400), saving nothing', () => {
    const notAsked = relayFake('codigo');
    const senha = value('segredo', { tipo: 'senha' });
    expect(fluxo.retransmitir(notAsked.ports, true, senha, true, NOW, 600000, false).erro).toEqual({
      status: 409,
      message: diaComum.MSG.naoPedido,
    });
    const letters = relayFake();
    const feito = fluxo.retransmitir(letters.ports, true, value('12a'), undefined, NOW, 600000, false);
    expect(feito.erro).toMatchObject({ status: 400, erros: { valor: { code: 'validation_invalid_valor' } } });
    expect([...notAsked.steps, ...letters.steps]).toEqual([]);
  });

  it('lets a superuser relay what is not asked and keep the lifetime it set', () => {
    const { ports } = relayFake('');
    const own = value('1', { expira_em: '2026-12-01 18:00:00.000Z' });
    expect(fluxo.retransmitir(ports, true, own, undefined, NOW, 600000, true)).toEqual({
      campos: { enviado_em: '' },
    });
  });
});

describe('retransmissao_fluxo expirar', () => {
  it('deletes what expired by now, as the store writes an instant', () => {
    const asked: unknown[] = [];
    const n = fluxo.expirar({ apagar: (onde) => (asked.push(onde), 2) }, NOW);
    expect(n).toBe(2);
    expect(asked).toEqual([{ expiradosAte: '2026-12-01 19:00:12.000Z' }]);
  });
});
