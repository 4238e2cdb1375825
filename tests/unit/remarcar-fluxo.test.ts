// @vitest-environment node
// After the slot in its order of steps (pocketbase/pb_hooks/lib/remarcar_fluxo.js): "Já confirmei", staff's list of
// who has not confirmed, Flex and the consulate's cancellation, which the kit's remarcar.js and the demo double
// both run, on fake ports that log each step.
import { describe, expect, it } from 'vitest';
import fluxo, {
  type AgendamentoDoFluxo,
  type CompromissoDoFluxo,
  type Portas,
} from '../../pocketbase/pb_hooks/lib/remarcar_fluxo.js';
import calendario from '../../pocketbase/pb_hooks/lib/calendario.js';
import { notaLogged, stepLog } from './fluxo-ports';

const HOJE = '2026-12-01';
const AGORA = '2026-12-01 12:00:00.000Z';

type Fake = {
  booking?: Partial<AgendamentoDoFluxo> | null;
  appointments?: Partial<CompromissoDoFluxo>[];
  handling?: { id: string } | null;
  flex?: boolean;
  confirmacao?: string;
};

function fake(opts: Fake = {}) {
  const { steps, step: tx, transacao } = stepLog(['begin', 'commit']);
  const booking =
    opts.booking === null
      ? null
      : { id: 'ag1', usuario: 'u1', status_agendamento: 'AGENDADO', flex_usado_em: '', ...opts.booking };
  const rows: CompromissoDoFluxo[] = (opts.appointments ?? [{}]).map((c, i) => ({
    id: 'c' + (i + 1),
    agendamento: 'ag1',
    consulado: 'co1',
    data: '2026-12-08',
    hora: '09:30',
    confirmado_em: '',
    cancelamento: '',
    requerentes: ['r1'],
    ...c,
  }));
  const ports: Portas<CompromissoDoFluxo, AgendamentoDoFluxo, { id: string }> = {
    agendamento: (id) => (tx('agendamento ' + id), booking),
    compromisso: (id) => (tx('compromisso ' + id), rows.find((c) => c.id === id)),
    consulado: () => (tx('consulado'), { confirmacao: opts.confirmacao ?? 'sim' }),
    flex: () => (tx('flex'), opts.flex ?? true),
    nomes: (ids) => ids.map((id) => 'Nome ' + id),
    ativos: () => (tx('ativos'), rows.filter((c) => !c.cancelamento)),
    transacao,
    gravarCompromisso: (id, valores) => {
      tx('compromisso ' + id + ' ' + JSON.stringify(valores));
      return Object.assign(rows.find((c) => c.id === id)!, valores);
    },
    nota: notaLogged(tx),
    gravarAgendamento: (id, valores) => (tx('agendamento ' + id + ' ' + JSON.stringify(valores)), { id }),
    atendimento: () => (tx('atendimento'), opts.handling === undefined ? { id: 'at1' } : opts.handling),
    gravarAtendimento: (_, valores) => tx('atendimento ' + JSON.stringify(valores)),
    apagar: (onde) => tx('apagar ' + JSON.stringify(onde)),
    avisar: () => tx('avisar'),
    pendentes: (_, params, limite) => (tx(`pendentes ${params.hoje} ${params.ate} ${limite}`), rows),
    cliente: () => 'Cliente',
    resposta: (id) => ({ id }),
  };
  return { ports, steps, rows };
}

const writes = (steps: string[]) =>
  steps.filter((s) => s.startsWith('tx') || s === 'begin' || s === 'avisar');

describe('"Já confirmei" (confirmar)', () => {
  it('the owner, in the window: when, and the note, in one transaction; the appointment as stored answers', () => {
    const { ports, steps } = fake();
    expect(fluxo.confirmar(ports, 'c1', 'u1', HOJE, AGORA)).toEqual({ resposta: { id: 'c1' } });
    expect(writes(steps)).toEqual([
      'begin',
      'tx compromisso c1 {"confirmado_em":"2026-12-01 12:00:00.000Z"}',
      'tx nota ag1 confirmacao_portal ' + calendario.notaConfirmado('Nome r1', '2026-12-08', '09:30'),
    ]);
  });

  it('said again: nothing written, the same answer', () => {
    const { ports, steps } = fake({ appointments: [{ confirmado_em: '2026-11-30 10:00:00.000Z' }] });
    expect(fluxo.confirmar(ports, 'c1', 'u1', HOJE, AGORA)).toEqual({ resposta: { id: 'c1' } });
    expect(writes(steps)).toEqual([]);
  });

  it("anyone else's appointment is not found, as one that does not exist, before its consulate is read", () => {
    for (const [id, quem] of <[string, string][]>[
      ['c1', 'u2'],
      ['c1', ''],
      ['nope', 'u1'],
    ]) {
      const { ports, steps } = fake();
      expect(fluxo.confirmar(ports, id, quem, HOJE, AGORA)).toEqual({
        erro: { status: 404, message: expect.any(String) },
      });
      expect(steps).not.toContain('consulado');
      expect(writes(steps)).toEqual([]);
    }
  });

  it('a consulate that does not ask for it, or outside the window: 400, nothing written', () => {
    const a = fake({ confirmacao: 'nao' });
    expect(fluxo.confirmar(a.ports, 'c1', 'u1', HOJE, AGORA).erro?.status).toBe(400);
    const b = fake({ appointments: [{ data: '2026-12-20' }] });
    expect(fluxo.confirmar(b.ports, 'c1', 'u1', HOJE, AGORA).erro?.message).toMatch(/entre 10\/12\/2026/);
    expect(writes([...a.steps, ...b.steps])).toEqual([]);
  });
});

describe('back to the ready list (pedirFlex, cancelamentoConsulado)', () => {
  it('Flex: each active appointment cancelled with its note, the booking, the handling and its relay, then the e-mail', () => {
    const { ports, steps } = fake({
      appointments: [{}, { id: 'c2', hora: '10:00' }, { id: 'c3', cancelamento: 'consulado' }],
    });
    const feito = fluxo.pedirFlex(ports, 'ag1', 'u1', { motivo: '  Viagem adiada  ' }, HOJE, AGORA);
    expect(feito).toEqual({ resposta: { id: 'ag1' } });
    const volta = calendario.voltaParaProntos('flex', 'Viagem adiada', AGORA);
    expect(writes(steps)).toEqual([
      'begin',
      'tx ativos',
      'tx compromisso c1 ' + JSON.stringify(volta.compromisso),
      'tx nota ag1 cancelamento ' +
        calendario.notaCancelamento('flex', 'Nome r1', '2026-12-08', '09:30', 'Viagem adiada'),
      'tx compromisso c2 ' + JSON.stringify(volta.compromisso),
      'tx nota ag1 cancelamento ' +
        calendario.notaCancelamento('flex', 'Nome r1', '2026-12-08', '10:00', 'Viagem adiada'),
      'tx agendamento ag1 ' + JSON.stringify(volta.agendamento),
      'tx atendimento',
      'tx atendimento ' + JSON.stringify(calendario.ATENDIMENTO_DO_ZERO),
      'tx apagar {"atendimento":"at1"}',
      'avisar',
    ]);
    expect(steps.indexOf('avisar')).toBeGreaterThan(steps.indexOf('commit'));
  });

  it('a booking without a handling: no handling written, nothing deleted', () => {
    const { ports, steps } = fake({ handling: null });
    fluxo.cancelamentoConsulado(ports, 'ag1', true, { motivo: 'Consulado fechou' }, AGORA);
    expect(steps.filter((s) => /atendimento |apagar/.test(s))).toEqual([]);
    expect(steps).toContain('avisar');
  });

  it('a refused Flex (past its deadline, without it, used, not owned) writes nothing', () => {
    const casos: [Fake, string, number][] = [
      [{ appointments: [{ data: '2026-12-02' }] }, 'u1', 400],
      [{ flex: false }, 'u1', 400],
      [{ booking: { flex_usado_em: '2026-11-01 10:00:00.000Z' } }, 'u1', 400],
      [{}, 'u2', 404],
      [{ booking: null }, 'u1', 404],
    ];
    for (const [opts, quem, status] of casos) {
      const { ports, steps } = fake(opts);
      const feito = fluxo.pedirFlex(ports, 'ag1', quem, { motivo: 'Viagem adiada' }, HOJE, AGORA);
      expect(feito.erro?.status).toBe(status);
      expect(writes(steps)).toEqual([]);
    }
  });

  it("the consulate's cancellation: staff only (the booking not even read), the Flex untouched, the reason cut at 500", () => {
    const other = fake();
    expect(fluxo.cancelamentoConsulado(other.ports, 'ag1', false, {}, AGORA).erro?.status).toBe(403);
    expect(other.steps).toEqual([]);
    const { ports, steps } = fake();
    fluxo.cancelamentoConsulado(ports, 'ag1', true, { motivo: 'x'.repeat(600) }, AGORA);
    const booking = steps.find((s) => s.startsWith('tx agendamento ag1 {'))!;
    expect(booking).not.toMatch(/flex/);
    expect(steps.find((s) => s.includes('nota'))).toMatch(/Motivo: x{500}$/);
  });

  it('nothing active, or not found: refused, nothing written', () => {
    const none = fake({ appointments: [{ cancelamento: 'flex' }] });
    expect(fluxo.cancelamentoConsulado(none.ports, 'ag1', true, {}, AGORA).erro?.status).toBe(400);
    const missing = fake({ booking: null });
    expect(fluxo.cancelamentoConsulado(missing.ports, 'ag1', true, {}, AGORA).erro?.status).toBe(404);
    expect(writes([...none.steps, ...missing.steps])).toEqual([]);
  });
});

describe("staff's list of who has not confirmed (pendentes)", () => {
  it("staff only; up to the window's first day, at most 200 rows", () => {
    const other = fake();
    expect(fluxo.pendentes(other.ports, false, HOJE).erro?.status).toBe(403);
    expect(other.steps).toEqual([]);
    const { ports, steps } = fake();
    const feito = fluxo.pendentes(ports, true, HOJE);
    expect(steps).toEqual(['pendentes 2026-12-01 2026-12-11 200']);
    expect(feito.resposta).toEqual([
      calendario.linhaPendente(
        { id: 'c1', data: '2026-12-08', hora: '09:30' },
        'ag1',
        'Cliente',
        'Nome r1',
        HOJE,
      ),
    ]);
  });
});
