// @vitest-environment node
import { describe, expect, it } from 'vitest';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import emailTexto from '../../pocketbase/pb_hooks/lib/email_texto.js';

describe('email_texto.js emailDeBloqueio: the lockout e-mail (lib/seguranca.js and the double’s auth.ts)', () => {
  it('tells the owner how many failed logins locked the account, and for how long', () => {
    const email = emailTexto.emailDeBloqueio({ falhas: 5, janelaMin: 15 });
    expect(email.assunto).toBe('Acesso à sua conta bloqueado - Passaporte Italiano');
    expect(email.paragrafos[1]).toContain('Houve 5 tentativas');
    expect(email.paragrafos[1]).toContain('bloqueado por 15 minutos');
  });
});

describe('email_texto.js alertasDoProcesso: staff’s alert of a case to review (lib/processo.js, the double)', () => {
  const link = { appUrl: 'https://app.example', agendamento: 'b1' };

  it('the customer’s send: who sent how many documents, and the booking in staff’s editor', () => {
    const alert = emailTexto.alertasDoProcesso.enviado({ nome: 'Ana <Souza>', documentos: 3, ...link });
    expect(alert.assunto).toBe('Processo enviado para análise - Passaporte Italiano');
    expect(emailTexto.textoDoEmail(alert.paragrafos)).toBe(
      'Ana <Souza> enviou 3 documento(s) para análise.\n\n' +
        'Confira em https://app.example/booking-details/b1.\n\n' +
        emailTexto.ASSINATURA,
    );
    expect(alert.paragrafos[0]).toContain('Ana &lt;Souza&gt;');
  });

  it('a correction once sent: whose data, which fields, and the documents back to review', () => {
    const alert = emailTexto.alertasDoProcesso.corrigido({
      nome: 'Ana Souza',
      requerente: 'Luca Rossi',
      campos: ['CEP', 'altura'],
      ...link,
    });
    expect(alert.paragrafos[0]).toBe(
      'Ana Souza corrigiu os dados de Luca Rossi (CEP, altura). Os documentos dele voltaram para análise.',
    );
    expect(alert.paragrafos[1]).toContain('href="https://app.example/booking-details/b1"');
  });
});

describe('email_texto.js emailDoEstorno: the customer’s e-mail of a staff refund (lib/estornos.js, the double)', () => {
  const dados = { nome: 'Ana <Souza>', antes: 0, total: 100.5, encerrado: false, cartao: false };
  it('a partial refund: the amount, the order going on; the card’s delay only for a card', () => {
    const email = emailTexto.emailDoEstorno(dados, comum.reais);
    expect(email?.assunto).toBe('Estorno parcial do seu pedido - Passaporte Italiano');
    expect(email?.paragrafos).toEqual([
      'Olá, Ana &lt;Souza&gt;.',
      'A nossa equipe solicitou o estorno de R$ 100,50 do seu pedido, pela mesma forma de pagamento. O seu pedido continua ativo.',
    ]);
    expect(emailTexto.emailDoEstorno({ ...dados, cartao: true }, comum.reais)?.paragrafos[2]).toMatch(
      /até 10 dias úteis/,
    );
  });

  it('the rest after a partial refund: the order cancelled, this refund and all given back', () => {
    const email = emailTexto.emailDoEstorno(
      { ...dados, antes: 100.5, total: 699, encerrado: true, cartao: true },
      comum.reais,
    );
    expect(email?.assunto).toBe('Pedido cancelado - Passaporte Italiano');
    expect(email?.paragrafos.slice(1)).toEqual([
      'O seu pedido foi cancelado pela nossa equipe e o estorno de R$ 598,50 foi solicitado, pela mesma forma de pagamento.',
      'Com os estornos anteriores, todo o valor pago (R$ 699,00) foi devolvido.',
      'No cartão de crédito, o estorno pode levar até 10 dias úteis para aparecer na fatura.',
    ]);
  });

  it('nothing given back: no e-mail', () => {
    expect(emailTexto.emailDoEstorno({ ...dados, antes: 100.5 }, comum.reais)).toBeNull();
  });
});
