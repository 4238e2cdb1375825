// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countLetters, isLettersAndSpaces, normalizeName, sanitizeName } from '@/lib/name';

describe('sanitizeName', () => {
  it('keeps accented letters, spaces, apostrophes and hyphens', () => {
    for (const name of [
      'João',
      'Conceição',
      "D'Ávila",
      'D’Ávila',
      'Ana-Maria',
      'Maria da Conceição Müller',
      'Zoë Ñandú',
    ]) {
      expect(sanitizeName(name)).toBe(name);
    }
  });

  it('keeps letters of any script', () => {
    expect(sanitizeName('Ολυμπία Дмитрий 山田')).toBe('Ολυμπία Дмитрий 山田');
  });

  it('strips digits, symbols and markup', () => {
    expect(sanitizeName('<script>')).toBe('script');
    expect(sanitizeName('João123 Silva!')).toBe('João Silva');
    expect(sanitizeName('Ana@Maria#$%^&*()_+=')).toBe('AnaMaria');
  });

  it('strips emoji, including skin tones, ZWJ sequences and variation selectors', () => {
    expect(sanitizeName('João 😀')).toBe('João ');
    expect(sanitizeName('Ana👍🏽Maria')).toBe('AnaMaria');
    expect(sanitizeName('Zé👨‍👩‍👧')).toBe('Zé');
    expect(sanitizeName('Bia❤️')).toBe('Bia');
  });

  it('composes decomposed accents (NFD) into one letter', () => {
    const nfd = 'Joa\u0303o Conceic\u0327a\u0303o';
    expect(sanitizeName(nfd)).toBe('João Conceição');
  });

  it('turns other whitespace into spaces and keeps them while typing', () => {
    expect(sanitizeName('João\tda\u00A0Silva ')).toBe('João da Silva ');
  });

  it('is idempotent and never adds characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
        const clean = sanitizeName(s);
        expect(sanitizeName(clean)).toBe(clean);
        expect(clean).toMatch(/^(?:\p{L}\p{M}*|[ '’-])*$/u);
        expect(countLetters(clean)).toBe(countLetters(s));
      }),
    );
  });
});

describe('normalizeName', () => {
  it('collapses and trims spaces', () => {
    expect(normalizeName('  João   da  Silva 1 ')).toBe('João da Silva');
  });
});

describe('countLetters', () => {
  it('counts Unicode letters once each', () => {
    expect(countLetters('João Silva')).toBe(9);
    expect(countLetters('Joa\u0303o')).toBe(4);
    expect(countLetters("D'Ávila Ana-Maria")).toBe(14);
    expect(countLetters('123 !?')).toBe(0);
    expect(countLetters('')).toBe(0);
  });

  it('supports the 10-letter full-name rule', () => {
    expect(countLetters('Ana Silva') >= 10).toBe(false);
    expect(countLetters('João Silva') >= 10).toBe(false);
    expect(countLetters('João Silvaa') >= 10).toBe(true);
  });
});

describe('isLettersAndSpaces', () => {
  it('accepts letters (accented too) and spaces', () => {
    expect(isLettersAndSpaces('JOAO DA SILVA')).toBe(true);
    expect(isLettersAndSpaces('João da Conceição')).toBe(true);
    expect(isLettersAndSpaces('Joa\u0303o')).toBe(true);
  });

  it('rejects anything else, and blank input', () => {
    expect(isLettersAndSpaces("D'Ávila")).toBe(false);
    expect(isLettersAndSpaces('Ana-Maria')).toBe(false);
    expect(isLettersAndSpaces('João 2')).toBe(false);
    expect(isLettersAndSpaces('João 😀')).toBe(false);
    expect(isLettersAndSpaces('')).toBe(false);
    expect(isLettersAndSpaces('   ')).toBe(false);
  });
});
