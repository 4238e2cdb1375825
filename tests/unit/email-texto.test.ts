// @vitest-environment node
import { describe, expect, it } from 'vitest';
import emailTexto from '../../pocketbase/pb_hooks/lib/email_texto.js';

describe('email_texto.js emailDeBloqueio: the lockout e-mail (lib/seguranca.js and the double’s auth.ts)', () => {
  it('tells the owner how many failed logins locked the account, and for how long', () => {
    const email = emailTexto.emailDeBloqueio({ falhas: 5, janelaMin: 15 });
    expect(email.assunto).toBe('Acesso à sua conta bloqueado - Passaporte Italiano');
    expect(email.paragrafos[1]).toContain('Houve 5 tentativas');
    expect(email.paragrafos[1]).toContain('bloqueado por 15 minutos');
  });
});
