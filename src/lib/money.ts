/** Brazilian real formatting. */

const BRL = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * 'R$ 699,00', 'R$ 1.198,00': comma decimal, dot thousands, always 2 decimals, and a plain
 * ASCII space after 'R$' (Intl emits a non-breaking one). Non-finite input gives ''.
 */
export function formatBRL(n: number): string {
  if (!Number.isFinite(n)) return '';
  // Avoid '-R$ 0,00' for tiny negatives that round to zero.
  const value = Math.round(n * 100) === 0 ? 0 : n;
  return BRL.format(value).replace(/[\u00A0\u202F]/g, ' ');
}
