// @vitest-environment node
// Staff's save of a booking and the status e-mail after a change, in their order of steps
// (pocketbase/pb_hooks/lib/agenda_fluxo.js), which the kit's agenda.js and emails_status.js run (in the demo double
// too, through src/mocks/jsvm), on fake ports that log each step.
import { describe, expect, it } from 'vitest';
import fluxo, {
  type PortasDoAviso,
  type PortasDoSalvar,
} from '../../pocketbase/pb_hooks/lib/agenda_fluxo.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';

type Booking = {
  status_agendamento: string;
  nota_cliente: string;
  updated: string;
  hora_agendamento?: string;
};
type Entry = { id: string; email_status?: string };

/** Fake ports of the status e-mail: `enviar` answers `envio` (or throws it, an Error). */
function avisoFake(envio: { para: string; enviado: boolean; assunto: string } | null | Error) {
  const steps: string[] = [];
  const ports: PortasDoAviso<Entry> = {
    enviar: () => {
      steps.push('enviar');
      if (envio instanceof Error) throw envio;
      return envio;
    },
    anotar: (entry, sent) => {
      steps.push(`anotar ${entry.id} ${sent.enviado ? 'ENVIADO' : 'FALHOU'}`);
    },
    falha: (err) => steps.push(`falha ${String(err)}`),
  };
  return { steps, ports };
}

const SENT = { para: 'cliente@example.com', enviado: true, assunto: 'Assunto' };

describe('avisar: the status e-mail after a committed change', () => {
  it('is sent and recorded on the entry when the status moved and the change left an entry', () => {
    const { steps, ports } = avisoFake(SENT);
    expect(fluxo.avisar(ports, { id: 'h1' }, true)).toEqual(SENT);
    expect(steps).toEqual(['enviar', 'anotar h1 ENVIADO']);
  });

  it('is not sent when the status stayed, nor when nothing was recorded', () => {
    const stayed = avisoFake(SENT);
    expect(fluxo.avisar(stayed.ports, { id: 'h1' }, false)).toBeNull();
    const unrecorded = avisoFake(SENT);
    expect(fluxo.avisar(unrecorded.ports, null, true)).toBeNull();
    expect([...stayed.steps, ...unrecorded.steps]).toEqual([]);
  });

  it('records nothing for a status without e-mail, and a failure is handed over, never thrown', () => {
    const none = avisoFake(null);
    expect(fluxo.avisar(none.ports, { id: 'h1' }, true)).toBeNull();
    expect(none.steps).toEqual(['enviar']);
    const broken = avisoFake(new Error('sem dono'));
    expect(fluxo.avisar(broken.ports, { id: 'h1' }, true)).toBeNull();
    expect(broken.steps).toEqual(['enviar', 'falha Error: sem dono']);
  });
});

/**
 * Fake ports of a save over one stored booking (`stored`), the request's values `sent` on top of it; `checked`:
 * whether the request is checked (not a superuser's); `errors`: the size errors found.
 */
function saveFake(
  stored: Booking,
  sent: Partial<Booking>,
  { checked = true, errors = {} as Record<string, { code: string; message: string }> } = {},
) {
  const steps: string[] = [];
  let row = { ...stored };
  const { ports: aviso, steps: mail } = avisoFake(SENT);
  const ports: PortasDoSalvar<Booking, Entry> = {
    ...aviso,
    pedido: () => {
      steps.push('pedido');
      return checked
        ? {
            enviados: Object.keys(sent),
            antes: stored,
            depois: { ...stored, ...sent },
            caso: {
              hoje: '2026-01-01',
              aprovado: () => true,
              requerentes: () => [],
              compromissos: () => [],
            },
          }
        : null;
    },
    tamanhos: (erros) => {
      steps.push('tamanhos');
      return { ...erros, ...errors };
    },
    transacao: (passos) => {
      steps.push('transacao');
      return passos({
        ler: () => {
          steps.push('ler');
          return { ...row };
        },
        gravar: (mudar) => {
          const novos = { ...row, ...sent };
          row = { ...novos, ...mudar(novos), updated: 'depois' };
          steps.push(`gravar nota=${row.nota_cliente}`);
          return row;
        },
        registrar: () => {
          steps.push('registrar');
          return { id: 'h1' };
        },
      });
    },
  };
  return { steps, mail, ports, row: () => row };
}

const STORED: Booking = { status_agendamento: 'NOVO', nota_cliente: 'Falta o RG.', updated: 'v1' };

describe('salvar: staff save of a booking', () => {
  it('stores the change with its entry in the transaction, then e-mails the new status', () => {
    const fake = saveFake(STORED, { status_agendamento: 'ANALISE_ERRO', nota_cliente: 'Falta a CNH.' });
    const saved = fluxo.salvar(fake.ports, '"v1"');
    expect(saved.resposta).toMatchObject({
      status_agendamento: 'ANALISE_ERRO',
      nota_cliente: 'Falta a CNH.',
    });
    expect(fake.steps).toEqual([
      'pedido',
      'tamanhos',
      'transacao',
      'ler',
      'gravar nota=Falta a CNH.',
      'registrar',
    ]);
    expect(fake.mail).toEqual(['enviar', 'anotar h1 ENVIADO']);
  });

  it("drops the old status's note left unchanged, and e-mails nothing when the status stays", () => {
    const moved = saveFake(STORED, { status_agendamento: 'ANALISE_OK' });
    expect(fluxo.salvar(moved.ports, '').resposta?.nota_cliente).toBe('');
    const kept = saveFake(STORED, { hora_agendamento: '09:30' });
    expect(fluxo.salvar(kept.ports, '').resposta?.nota_cliente).toBe('Falta o RG.');
    expect(kept.mail).toEqual([]);
  });

  it('refuses field errors before reading or writing anything', () => {
    const invalid = saveFake(STORED, { status_agendamento: 'PERDIDO' });
    expect(fluxo.salvar(invalid.ports, '"v1"').erro).toEqual({
      http: 400,
      campos: { status_agendamento: { code: 'validation_invalid_status', message: 'Status inválido.' } },
    });
    const tooLong = saveFake(
      STORED,
      { nota_cliente: 'x' },
      { errors: { nota_cliente: { code: 'c', message: 'm' } } },
    );
    expect(fluxo.salvar(tooLong.ports, '').erro?.http).toBe(400);
    expect([...invalid.steps, ...tooLong.steps]).toEqual(['pedido', 'tamanhos', 'pedido', 'tamanhos']);
    expect(invalid.row()).toEqual(STORED);
  });

  it("does not check a superuser's request (PocketBase's admin screen)", () => {
    const fake = saveFake(STORED, { status_agendamento: 'PERDIDO' }, { checked: false });
    expect(fluxo.salvar(fake.ports, '').resposta?.status_agendamento).toBe('PERDIDO');
    expect(fake.steps).not.toContain('tamanhos');
  });

  it('refuses a save from a stale copy (If-Match against the booking read in the transaction): nothing stored, no e-mail', () => {
    const fake = saveFake({ ...STORED, updated: 'v2' }, { status_agendamento: 'ANALISE_ERRO' });
    expect(fluxo.salvar(fake.ports, '"v1"').erro).toEqual({ http: 409, message: regras.conflitoDeEdicao });
    expect(fake.steps).toEqual(['pedido', 'tamanhos', 'transacao', 'ler']);
    expect(fake.mail).toEqual([]);
    expect(fake.row().status_agendamento).toBe('NOVO');
  });
});
