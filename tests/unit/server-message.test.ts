// @vitest-environment node
import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { appointmentErrorMessage } from '@/lib/api/booking-day';
import { ownMessage, ownText } from '@/lib/server-message';

const refusal = (status: number, message: string) =>
  new ClientResponseError({ status, response: { status, message, data: {} } });

describe("the kit's own messages, told from PocketBase's English", () => {
  it('keeps a pt-BR sentence, with or without an accent', () => {
    expect(ownText('A data do agendamento já passou.')).toBe('A data do agendamento já passou.');
    expect(ownText('Descreva o que aconteceu.')).toBe('Descreva o que aconteceu.');
    expect(ownText('Apenas a equipe pode fazer isso.')).toBe('Apenas a equipe pode fazer isso.');
  });

  it("drops PocketBase's own", () => {
    for (const english of [
      'Failed to create record.',
      "The requested resource wasn't found.",
      'Too Many Requests.',
    ])
      expect(ownText(english)).toBeNull();
    expect(ownMessage(refusal(400, 'Failed to update record.'))).toBeNull();
  });

  it("staff's booking-day actions say the kit's sentence as it is, accents or not", () => {
    expect(appointmentErrorMessage(refusal(409, 'Assuma o caso antes de pedir algo ao cliente.'))).toBe(
      'Assuma o caso antes de pedir algo ao cliente.',
    );
  });
});
