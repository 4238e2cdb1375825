// Booking day's shared decisions (pb_hooks/lib/dia_comum.js, janelas.js) that the kit and the demo double both
// call: a booking's active appointments, the relay's default lifetime, the consulates' time zone.
import { describe, expect, it } from 'vitest';
import dados from '../../pocketbase/pb_hooks/lib/consulados.json';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import janelas from '../../pocketbase/pb_hooks/lib/janelas.js';
import calendario from '../../pocketbase/pb_hooks/lib/calendario.js';

const appointment = (id: string, data: string, hora: string, cancelamento = '') => ({
  id,
  data,
  hora,
  cancelamento,
});

describe('ativos', () => {
  it('leaves out the cancelled (Flex, the consulate) and puts the earliest first: by day, then time', () => {
    const list = [
      appointment('b', '2026-12-14', '10:00'),
      appointment('x', '2026-12-01', '08:00', 'flex'),
      appointment('a', '2026-12-14', '09:30'),
      appointment('y', '2026-12-02', '08:00', 'consulado'),
      appointment('c', '2026-12-03', '15:00'),
    ];
    expect(diaComum.ativos(list).map((c) => c.id)).toEqual(['c', 'a', 'b']);
    expect(list.map((c) => c.id)).toEqual(['b', 'x', 'a', 'y', 'c']);
  });

  it('reads records through the given reader, as the kit reads its records (getString)', () => {
    const records = [appointment('b', '2026-12-14', '10:00'), appointment('a', '2026-12-13', '10:00')].map(
      (c) => ({ getString: (campo: string) => String(c[campo as keyof typeof c]) }),
    );
    expect(diaComum.ativos(records, (c, campo) => c.getString(campo)).map((r) => r.getString('id'))).toEqual([
      'a',
      'b',
    ]);
  });
});

describe('the constants both runtimes read', () => {
  it("a relayed value lives 10 minutes by default; the consulates' zone is the one consulados.json names", () => {
    expect(diaComum.VIDA_PADRAO_S).toBe(600);
    expect(janelas.FUSO_PADRAO).toBe(dados.fuso);
    expect(janelas.deslocamento(janelas.FUSO_PADRAO)).toBe(-180);
    expect(janelas.horaLocal(Date.UTC(2026, 10, 27, 19, 0, 5), undefined, true)).toBe('16:00:05');
  });
});

describe('contatosDoPrenotami', () => {
  const empresa = { emails: ['equipe@empresa.com'], celulares: ['11999990000'] };
  let perguntas = 0;
  const p = {
    empresa: () => {
      perguntas++;
      return empresa;
    },
    deOutro: (campo: string, valor: string) => campo === 'prenotami_email' && valor === 'outro@x.com',
    digitos: (texto: string) => texto.replace(/\D/g, ''),
    celularValido: (texto: string) => texto.replace(/\D/g, '').length === 11,
    celularInvalido: 'Celular inválido.',
  };

  it('stores the e-mail trimmed in lower case and the mobile as digits', () => {
    expect(
      diaComum.contatosDoPrenotami(
        { prenotami_email: '  Maria@X.com ', prenotami_celular: '(11) 98888-7777' },
        p,
      ),
    ).toEqual({ valores: { prenotami_email: 'maria@x.com', prenotami_celular: '11988887777' }, erros: {} });
  });

  it("refuses the account's state (staff's), the company's and another applicant's contacts, a bad mobile", () => {
    const { erros } = diaComum.contatosDoPrenotami(
      { prenotami_estado: 'verificada', prenotami_email: 'OUTRO@x.com', prenotami_celular: '11 99999-0000' },
      p,
    );
    expect(erros).toEqual({
      prenotami_estado: { code: 'validation_forbidden', message: diaComum.MSG.estadoEquipe },
      prenotami_email: { code: 'validation_other_applicant', message: diaComum.MSG.emailOutro },
      prenotami_celular: { code: 'validation_company_contact', message: diaComum.MSG.emailEmpresa },
    });
    expect(Object.keys(erros)).toEqual(['prenotami_estado', 'prenotami_email', 'prenotami_celular']);
    expect(diaComum.contatosDoPrenotami({ prenotami_celular: '1234' }, p).erros).toEqual({
      prenotami_celular: { code: 'validation_invalid_celular', message: 'Celular inválido.' },
    });
    expect(diaComum.contatosDoPrenotami({ prenotami_email: 'equipe@empresa.com' }, p).erros).toEqual({
      prenotami_email: { code: 'validation_company_contact', message: diaComum.MSG.emailEmpresa },
    });
  });

  it("asks for the company's contacts only when a contact is sent; an empty one clears it", () => {
    perguntas = 0;
    expect(diaComum.contatosDoPrenotami({ prenotami_estado: 'criada' }, p).valores).toEqual({});
    expect(perguntas).toBe(0);
    expect(diaComum.contatosDoPrenotami({ prenotami_email: '' }, p)).toEqual({
      valores: { prenotami_email: '' },
      erros: {},
    });
    expect(perguntas).toBe(1);
  });
});

describe("staff's choices (errosDoPedido, errosDoEstadoConta)", () => {
  it('accepts what PEDIDOS and ESTADOS_CONTA list, refuses anything else with the field and its message', () => {
    for (const tipo of diaComum.PEDIDOS) expect(diaComum.errosDoPedido(tipo)).toEqual({});
    expect(diaComum.errosDoPedido('cartao')).toEqual({
      tipo: { code: 'validation_invalid_tipo', message: diaComum.MSG.tipo },
    });
    for (const estado of diaComum.ESTADOS_CONTA) expect(diaComum.errosDoEstadoConta(estado)).toEqual({});
    expect(diaComum.errosDoEstadoConta('')).toEqual({
      estado: { code: 'validation_invalid_estado', message: diaComum.MSG.estado },
    });
  });
});

describe('the relay (recusaDaRetransmissao, entrega) and the handling’s history line (notaDoPasso)', () => {
  it('relays only the kind staff ask for now, and dates its hand-over on the value and the handling', () => {
    expect(diaComum.recusaDaRetransmissao('codigo', 'codigo')).toBeNull();
    expect(diaComum.recusaDaRetransmissao('codigo', 'senha')).toEqual({
      status: 409,
      message: diaComum.MSG.naoPedido,
    });
    expect(diaComum.recusaDaRetransmissao('', 'codigo')).toEqual({
      status: 409,
      message: diaComum.MSG.naoPedido,
    });
    expect(diaComum.entrega('2026-11-27 19:00:12.000Z')).toEqual({
      retransmissao: { enviado_em: '2026-11-27 19:00:12.000Z' },
      atendimento: { entregue_em: '2026-11-27 19:00:12.000Z' },
    });
  });

  it('writes a line only when staff ask for something, never when they close it or take the case', () => {
    expect(diaComum.notaDoPasso('pedir', 'codigo', '16:00:02')).toBe('código pedido às 16:00:02');
    expect(diaComum.notaDoPasso('pedir', 'senha', '16:00:02')).toBe('acesso (senha) pedido às 16:00:02');
    expect(diaComum.notaDoPasso('pedir', '', '16:00:02')).toBe('');
    expect(diaComum.notaDoPasso('assumir', '', '16:00:02')).toBe('');
  });
});

describe('semResponsavel: a move that leaves the case held by nobody deletes what was relayed to its holder', () => {
  const quem = { id: 'staff1', nome: 'Ana' };
  const comDono = { responsavel: 'staff1', responsavel_nome: 'Ana' };
  const passo = (acao: 'assumir' | 'soltar' | 'pedir' | 'pronto') =>
    diaComum.acaoDoAtendimento(acao, comDono, true, quem, 'codigo', '2026-11-27 12:00:00.000Z').valores ?? {};

  it("'Soltar' and the return to the ready list do; taking the case, asking and the owner's 'pronto' do not", () => {
    expect(diaComum.semResponsavel(passo('soltar'))).toBe(true);
    expect(diaComum.semResponsavel(calendario.voltaParaProntos('flex', 'x', '').atendimento)).toBe(true);
    for (const acao of ['assumir', 'pedir', 'pronto'] as const) {
      expect(diaComum.semResponsavel(passo(acao))).toBe(false);
    }
  });
});

describe('a readiness when the standby notice goes out (prontoParaJanela)', () => {
  const inicio = Date.UTC(2026, 11, 1, 19, 0);
  const lead = 30 * 60000;
  it('holds when said shortly before the notice, for this window', () => {
    expect(diaComum.prontoParaJanela(inicio - 35 * 60000, inicio, lead)).toBe(true);
    expect(diaComum.prontoParaJanela(inicio - 60 * 60000, inicio, lead)).toBe(true);
  });
  it('not when said for an earlier window, or never said', () => {
    expect(diaComum.prontoParaJanela(inicio - 61 * 60000, inicio, lead)).toBe(false);
    expect(diaComum.prontoParaJanela(inicio - 7 * 86400000, inicio, lead)).toBe(false);
    expect(diaComum.prontoParaJanela(0, inicio, lead)).toBe(false);
  });
});

describe("the customer's side of what staff ask (tentativaNoAtendimento, estadoDoPedido)", () => {
  const at = (min: number) => `2026-11-27 19:${String(min).padStart(2, '0')}:00.000Z`;
  const asked = { pedido: 'codigo', pedido_em: at(0), entregue_em: '', recusado_em: '' };

  it('only a wrong or expired code marks the handling, with the instant given', () => {
    expect(diaComum.tentativaNoAtendimento('codigo_errado', at(3))).toEqual({ recusado_em: at(3) });
    for (const r of ['sem_vagas', 'codigo_nao_chegou', 'portal_fora', 'agendado', 'outro'])
      expect(diaComum.tentativaNoAtendimento(r, at(3))).toBeNull();
  });

  it('asked, handed over, refused, then asked again; nothing asked is nothing', () => {
    expect(diaComum.estadoDoPedido(null)).toBe('');
    expect(diaComum.estadoDoPedido({ ...asked, pedido: '' })).toBe('');
    expect(diaComum.estadoDoPedido(asked)).toBe('pedido');
    const handed = { ...asked, entregue_em: at(1) };
    expect(diaComum.estadoDoPedido(handed)).toBe('recebido');
    const refused = { ...handed, ...diaComum.tentativaNoAtendimento('codigo_errado', at(2)) };
    expect(diaComum.estadoDoPedido(refused)).toBe('recusado');
    expect(diaComum.estadoDoPedido({ ...refused, pedido_em: at(4) })).toBe('pedido');
    // A refusal of an earlier code says nothing of one handed over since.
    expect(diaComum.estadoDoPedido({ ...refused, pedido_em: at(4), entregue_em: at(5) })).toBe('recebido');
    // A password is never 'a wrong code'.
    expect(diaComum.estadoDoPedido({ ...refused, pedido: 'senha' })).toBe('recebido');
  });
});
