// What a customer may write on an account (pb_hooks/lib/contas_comum.js), asked by the kit's lib/contas.js (which
// the demo double runs too).
import { describe, expect, it } from 'vitest';
import contasComum from '../../pocketbase/pb_hooks/lib/contas_comum.js';
import mensagens from '../../pocketbase/pb_hooks/lib/mensagens.json';
// The checks as the kit's lib/contas.js hands them over.
const V = contasComum.VERIFICACOES;

const cadastro = {
  nome_completo: 'Maria Souza',
  cpf: '529.982.247-25',
  celular: '(31) 99123-4567',
  email: 'maria@example.com',
  password: 'segredo123',
  passwordConfirm: 'segredo123',
};

describe('errosDoCadastro: one account per CPF', () => {
  it('sends a valid CPF that has an account to password recovery', () => {
    expect(contasComum.errosDoCadastro(cadastro, V, () => false)).toEqual({});
    expect(contasComum.errosDoCadastro(cadastro, V, (cpf) => cpf === cadastro.cpf)).toEqual({
      cpf: { code: 'validation_cpf_taken', message: mensagens.cpfCadastrado },
    });
  });

  it('asks whether a CPF is taken only when it is valid, and says it is invalid instead', () => {
    let perguntas = 0;
    const emUso = () => {
      perguntas++;
      return true;
    };
    expect(contasComum.errosDoCadastro({ ...cadastro, cpf: '111.111.111-11' }, V, emUso).cpf).toEqual({
      code: 'validation_invalid_cpf',
      message: mensagens.cpfInvalido,
    });
    expect(perguntas).toBe(0);
  });
});

describe("an account's defences (lib/seguranca.js and the double's limits.ts ask contas_comum.js)", () => {
  const bloqueio = { falhas: 5, janelaMin: 15 };

  it('counts failed logins under the e-mail typed, trimmed, in lower case, at most 255 characters', () => {
    expect(contasComum.chaveDeLogin('  Maria@Example.COM ')).toBe('maria@example.com');
    expect(contasComum.chaveDeLogin('a'.repeat(300))).toHaveLength(255);
    expect(contasComum.chaveDeLogin(undefined)).toBe('');
  });

  it('locks the account from the limit on, and e-mails its owner on the failure that reaches it only (email_texto.js emailDeBloqueio)', () => {
    expect([4, 5, 6].map((n) => contasComum.loginBloqueado(n, bloqueio))).toEqual([false, true, true]);
    expect([4, 5, 6].map((n) => contasComum.falhaQueBloqueia(n, bloqueio))).toEqual([false, true, false]);
  });

  it('lets a mailbox have one account e-mail of a kind per interval, and a daily cap', () => {
    const emails = { porDia: 10 };
    expect(contasComum.emailLiberado(0, 9, emails)).toBe(true);
    expect(contasComum.emailLiberado(1, 0, emails)).toBe(false);
    expect(contasComum.emailLiberado(0, 10, emails)).toBe(false);
  });
});

describe('contaGuardada: an account as every save stores it (lib/contas.js normalizar, on every save)', () => {
  it('the name normalised, the CPF and the phone as digits, whatever was sent', () => {
    expect(
      contasComum.contaGuardada(
        { nome_completo: ' Maria\n  Souza ', cpf: '529.982.247-25', celular: '(31) 99123-4567' },
        V,
      ),
    ).toEqual({ nome_completo: 'Maria Souza', cpf: '52998224725', celular: '31991234567' });
    expect(contasComum.contaGuardada({}, V)).toEqual({ nome_completo: '', cpf: '', celular: '' });
  });
});
