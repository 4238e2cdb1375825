// @vitest-environment node
import { describe, expect, it } from 'vitest';
import historicoComum from '../../pocketbase/pb_hooks/lib/historico_comum.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';

describe('a history entry (pocketbase/pb_hooks/lib/historico_comum.js)', () => {
  it('names its author: an account by its name, a superuser by its e-mail, the server as regras.json says', () => {
    expect(historicoComum.autoria({ id: 'u1', nome: 'Ana Souza' }, regras.autorSistema)).toEqual({
      autor: 'u1',
      autor_nome: 'Ana Souza',
    });
    expect(historicoComum.autoria({ superusuario: 'root@x.com' }, regras.autorSistema)).toEqual({
      autor: '',
      autor_nome: 'Superusuário root@x.com',
    });
    expect(historicoComum.autoria(null, regras.autorSistema)).toEqual({
      autor: '',
      autor_nome: regras.autorSistema,
    });
  });

  it('records the e-mail its change sent: ENVIADO when sent, FALHOU when not', () => {
    expect(historicoComum.camposDoEmail({ para: 'a@x.com', enviado: true, assunto: 'Agendado' })).toEqual({
      email_para: 'a@x.com',
      email_status: 'ENVIADO',
      email_assunto: 'Agendado',
    });
    expect(historicoComum.camposDoEmail({ para: 'a@x.com', enviado: false, assunto: 'Agendado' })).toEqual({
      email_para: 'a@x.com',
      email_status: 'FALHOU',
      email_assunto: 'Agendado',
    });
  });
});
