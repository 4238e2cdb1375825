// @vitest-environment node
import { describe, expect, it } from 'vitest';
import emailTexto from '../../pocketbase/pb_hooks/lib/email_texto.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { statusInfo } from '@/lib/booking-status';
import { STATUS_MAIL_SUBJECTS } from '@/lib/status-mail';

describe('the rulebook (pocketbase/pb_hooks/lib/regras.json) and the app’s typed views of it', () => {
  it('every booking status the server allows has the app’s wording and a mail subject, and no other', () => {
    expect(Object.keys(statusInfo)).toEqual(regras.statusAgendamento);
    expect(Object.keys(STATUS_MAIL_SUBJECTS)).toEqual(regras.statusAgendamento);
  });

  it('a paid status is never also one that ends a charge or waits for analysis', () => {
    for (const status of regras.asaas.pago) {
      expect(regras.asaas.encerradas).not.toContain(status);
      expect(regras.asaas.emAnalise).not.toContain(status);
    }
  });
});

describe('email_texto.js mensagemDoAgendamento: a saved booking’s status e-mail, from its own fields', () => {
  const agendamento = {
    status_agendamento: 'AGENDADO',
    data_agendamento: '2026-12-15 00:00:00.000Z',
    hora_agendamento: '09:30',
    local_agendamento: 'Consulado-Geral da Itália em Curitiba',
    nota_cliente: 'Leve os originais.',
  };

  it('is the status e-mail of the same fields, for the owner, with the app’s address', () => {
    expect(
      emailTexto.mensagemDoAgendamento(agendamento, 'Maria Souza', 'https://app.example', [], regras),
    ).toEqual(
      emailTexto.mensagemStatus(
        'AGENDADO',
        {
          nome: 'Maria Souza',
          data: agendamento.data_agendamento,
          hora: '09:30',
          local: agendamento.local_agendamento,
          nota: 'Leve os originais.',
          appUrl: 'https://app.example',
          compromissos: [],
        },
        regras,
      ),
    );
  });

  it('reads a missing field as empty, and has no e-mail for a status without one', () => {
    const message = emailTexto.mensagemDoAgendamento(
      { status_agendamento: 'NOVO' },
      'Maria Souza',
      '',
      undefined,
      regras,
    );
    expect(message?.assunto).toBe(regras.assuntosStatus.NOVO);
    expect(message?.paragrafos.join(' ')).not.toContain('undefined');
    expect(emailTexto.mensagemDoAgendamento({ status_agendamento: 'X' }, 'Maria', '', [], regras)).toBeNull();
  });
});
