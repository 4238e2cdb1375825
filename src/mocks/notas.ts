/**
 * Service invoices (NFS-e) in the demo (pocketbase/pb_hooks/lib/notas.js): the seed's orders carry theirs; a
 * new order's is due at once and sent once it is written; a refund reaches the invoice (cancelled when all was given
 * back, flagged for staff when part was). The demo's Asaas issues it at once, with the demo's PDF: these are the
 * double's answers to the kit's lib/notas.js enviar and aposEstorno (jsvm/sql.ts); staff's sending again of one that
 * ended in error is the kit's own route (jsvm/kit.ts notaRoutes).
 */
import type { PaymentRecord } from '@/lib/types';
import estornoComum from '../../pocketbase/pb_hooks/lib/estorno_comum.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { getDb } from './db';
import { DEMO_INVOICE_PDF } from '../../demo-seed/seed';

const T = regras.notaFiscal;
/**
 * After a refund (notas.js aposEstorno, decided by estorno_comum.js): all given back cancels the invoice (the
 * demo's Asaas cancels an issued one at once) and drops a partial refund's alert; part of it flags it for staff.
 */
export function aposEstorno(payment: PaymentRecord): void {
  const effect = estornoComum.notaAposEstorno(payment, T.estornoParcial);
  if (effect.nota_alerta !== null) payment.nota_alerta = effect.nota_alerta;
  if (!effect.cancelar) return;
  const cancel = estornoComum.cancelamento(payment.nota_status ?? '');
  if (cancel === 'DISPENSADA') payment.nota_status = 'DISPENSADA';
  else if (cancel === 'asaas') payment.nota_status = 'CANCELED';
}

/**
 * Sends an order's due invoice (notas.js enviar): one refunded in full before it went needs none (DISPENSADA); the
 * demo's Asaas issues it at once, with the next number and the demo's PDF.
 */
export function enviarNota(payment: PaymentRecord): void {
  if (payment.nota_status !== 'PENDENTE') return;
  if (estornoComum.estornadoPorInteiro(payment)) {
    payment.nota_status = 'DISPENSADA';
    return;
  }
  const numbers = getDb().pagamentos.map((p) => Number(p.nota_numero) || 0);
  payment.nota_status = 'AUTHORIZED';
  payment.nota_numero = String(Math.max(1000, ...numbers) + 1);
  payment.nota_pdf = DEMO_INVOICE_PDF;
  payment.nota_erro = '';
}
