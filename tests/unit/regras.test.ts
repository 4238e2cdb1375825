// @vitest-environment node
import { describe, expect, it } from 'vitest';
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
