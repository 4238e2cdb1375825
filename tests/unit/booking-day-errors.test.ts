// @vitest-environment node
import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { appointmentErrorMessage, loadFailed } from '@/lib/api/booking-day';

const refused = (
  data: Record<string, { code: string; message: string }>,
  message = 'Failed to create record.',
) => new ClientResponseError({ status: 400, response: { code: 400, message, data } });

describe('appointmentErrorMessage', () => {
  it("puts PocketBase's English field errors in pt-BR", () => {
    expect(
      appointmentErrorMessage(
        refused({ requerentes: { code: 'validation_required', message: 'Cannot be blank.' } }),
      ),
    ).toBe('Escolha para quem é o agendamento.');
    expect(
      appointmentErrorMessage(
        refused({ hora: { code: 'validation_required', message: 'Cannot be blank.' } }),
      ),
    ).toBe('Informe a hora do atendimento.');
    expect(
      appointmentErrorMessage(
        refused({ comprovante: { code: 'validation_invalid_mime_type', message: 'Invalid file type.' } }),
      ),
    ).toBe('A confirmação precisa ser um PDF, JPEG ou PNG.');
  });

  it("keeps the server's own pt-BR messages", () => {
    const message = 'Este requerente não é deste agendamento.';
    expect(
      appointmentErrorMessage(refused({ requerentes: { code: 'validation_invalid_value', message } })),
    ).toBe(message);
  });

  it('says the connection failed, and never shows English', () => {
    expect(appointmentErrorMessage(new ClientResponseError({ status: 0 }))).toMatch(/^Sem conexão/);
    expect(appointmentErrorMessage(refused({}, 'Something went wrong.'))).toBe(
      'Não foi possível salvar. Confira os dados e tente de novo.',
    );
  });
});

describe('loadFailed', () => {
  it('stays true while a query with no data is asked again, false once it has data', () => {
    expect(loadFailed({ isError: true, data: undefined, errorUpdatedAt: 1 })).toBe(true);
    expect(loadFailed({ isError: false, data: undefined, errorUpdatedAt: 1 })).toBe(true);
    expect(loadFailed({ isError: false, data: undefined, errorUpdatedAt: 0 })).toBe(false);
    expect(loadFailed({ isError: true, data: [], errorUpdatedAt: 1 })).toBe(false);
  });
});
