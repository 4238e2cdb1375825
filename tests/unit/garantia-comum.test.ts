// The guarantee's marks on a new attempt (pocketbase/pb_hooks/lib/garantia_comum.js marcasDaTentativa) and the
// consulate window running (lib/janelas.js janelaEmCurso): what the kit's lib/garantia.js and the demo double's
// dia-relay.ts both write on every attempt staff record.
import { describe, expect, it } from 'vitest';
import garantia from '../../pocketbase/pb_hooks/lib/garantia_comum.js';
import janelas from '../../pocketbase/pb_hooks/lib/janelas.js';
import consulados from '../../pocketbase/pb_hooks/lib/consulados.json';

const saoPaulo = consulados.consulados.find((c) => c.codigo === 'sao_paulo')!;
const NOW = Date.parse('2026-11-27T15:00:00.000Z');
const WINDOW = janelas.janelaAnterior(saoPaulo.janelas, consulados.fuso, NOW)!;

const ready = {
  ativa: true,
  status: 'ANALISE_OK',
  janelaMs: WINDOW,
  resultado: 'sem_vagas',
  documentos: ['aprovado', 'aprovado'],
  atendimento: null,
};

describe('marcasDaTentativa', () => {
  it('stores the window as PocketBase stores a date, and counts an attempt on a ready case', () => {
    expect(garantia.marcasDaTentativa(ready)).toEqual({
      janela: new Date(WINDOW).toISOString().replace('T', ' '),
      garantia: 'conta',
    });
  });

  it.each([
    ['a document pending', { documentos: ['aprovado', 'pendente'] }, 'documentos'],
    ['a document refused', { documentos: ['recusado'] }, 'documentos'],
    ['a document under review', { documentos: ['em_analise'] }, 'conta'],
    [
      'the code asked and not handed over',
      { atendimento: { pedido: 'codigo', pedido_em: '2026-11-27 14:00:00.000Z', entregue_em: '' } },
      'codigo',
    ],
    [
      'the code handed over since it was asked',
      {
        atendimento: {
          pedido: 'codigo',
          pedido_em: '2026-11-27 14:00:00.000Z',
          entregue_em: '2026-11-27 14:01:00.000Z',
        },
      },
      'conta',
    ],
    [
      'a wrong or expired code handed over since it was asked',
      {
        resultado: 'codigo_errado',
        atendimento: {
          pedido: '',
          pedido_em: '2026-11-27 14:00:00.000Z',
          entregue_em: '2026-11-27 14:01:00.000Z',
        },
      },
      'codigo',
    ],
    ['an attempt the portal ended', { resultado: 'portal_fora' }, 'conta'],
    ['a correction owed', { status: 'ANALISE_ERRO' }, 'correcao'],
    ['no known window', { janelaMs: 0 }, 'fora'],
    ['the guarantee off', { ativa: false }, 'fora'],
  ])('with %s: %s', (_, change, expected) => {
    expect(garantia.marcasDaTentativa({ ...ready, ...change }).garantia).toBe(expected);
  });

  it('leaves the window empty when none is known', () => {
    expect(garantia.marcasDaTentativa({ ...ready, janelaMs: 0 }).janela).toBe('');
  });
});

describe('janelaEmCurso', () => {
  const consulado = { janelas_estado: 'conhecidas', janelas: saoPaulo.janelas, fuso: consulados.fuso };

  it('reads the windows as a list or as the JSON text the kit stores', () => {
    expect(janelas.janelaEmCurso(consulado, NOW)).toBe(WINDOW);
    expect(janelas.janelaEmCurso({ ...consulado, janelas: JSON.stringify(saoPaulo.janelas) }, NOW)).toBe(
      WINDOW,
    );
  });

  it('knows no window for a consulate whose windows are unknown, broken or missing', () => {
    expect(janelas.janelaEmCurso({ ...consulado, janelas_estado: 'desconhecidas' }, NOW)).toBeNull();
    expect(janelas.janelaEmCurso({ ...consulado, janelas: '[{"dia": 1,' }, NOW)).toBeNull();
    expect(janelas.janelaEmCurso(undefined, NOW)).toBeNull();
  });
});

describe('avaliar after the case went back to the ready list', () => {
  const semana = 7 * 86_400_000;
  const t0 = Date.parse('2026-11-02T12:00:00Z');
  const tentativas = [0, 1, 2].map((i) => ({
    janelaMs: t0 + i * semana,
    garantia: 'conta',
    criadoMs: t0 + i * semana + 60_000,
  }));
  const volta = garantia.voltaDe([{ cancelado_em: '' }, { cancelado_em: '2026-11-10 15:00:00.000Z' }]);

  it('counts only the attempts recorded after the latest cancellation of an appointment', () => {
    expect(volta).toBe(Date.parse('2026-11-10T15:00:00Z'));
    expect(garantia.avaliar(2, tentativas, t0 + 3 * semana)).toMatchObject({ contadas: 3, vencida: true });
    expect(garantia.avaliar(2, tentativas, t0 + 3 * semana, volta)).toEqual({
      contadas: 1,
      restantes: 1,
      vencida: false,
    });
    expect(garantia.voltaDe([])).toBe(0);
  });
});
