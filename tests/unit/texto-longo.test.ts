// @vitest-environment node
// comum.js errosDeTamanho: a text past the schema's limit, as the kit's hooks and the demo double both answer it.
import { describe, expect, it } from 'vitest';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import schema from '../../pocketbase/schema.json';

const requerentes = schema.find((c) => c.name === 'requerentes')?.fields ?? [];

describe('the text limits of the schema (comum.js maximosDeTexto, errosDeTamanho)', () => {
  it('every text field with a max, but the record id; no other type', () => {
    const maximos = comum.maximosDeTexto(requerentes);
    expect(maximos).toMatchObject({ nome: 120, cep: 9, uf: 2, prenotami_email: 200 });
    expect(maximos).not.toHaveProperty('id');
    expect(maximos).not.toHaveProperty('altura_cm');
  });

  it('counts characters as PocketBase does, keeps an error found before and skips what is not sent', () => {
    const maximos = { nome: 3, cep: 2, uf: 2 };
    const antes = { cep: { code: 'validation_invalid_cep', message: 'CEP inválido.' } };
    expect(comum.errosDeTamanho({ nome: '😀😀😀', cep: 'xxx', uf: 'SPX' }, maximos, { ...antes })).toEqual({
      ...antes,
      uf: { code: 'validation_max_text_constraint', message: 'Use no máximo 2 caracteres.' },
    });
    expect(comum.errosDeTamanho({ nome: '😀😀😀😀' }, maximos, {})).toEqual({
      nome: { code: 'validation_max_text_constraint', message: 'Use no máximo 3 caracteres.' },
    });
  });
});
