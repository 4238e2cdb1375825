/** Card installments, following Asaas: cut each to whole centavos, the last takes the rest. */
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import { maxParcelas as MAX_INSTALLMENTS } from '../../pocketbase/pb_hooks/lib/regras.json';
import { formatBRL } from './money';

export interface InstallmentPlan {
  count: number;
  /** each installment but the last, in reais (cut to whole centavos) */
  value: number;
  /** the last installment, in reais: value plus the remainder */
  last: number;
  /** the total, in reais, rounded to whole centavos */
  total: number;
}

export interface InstallmentOption {
  /** '3x' */
  value: string;
  /** '3x R$ 233,00', or '3x R$ 299,33 (última R$ 299,34)' when the last installment differs */
  label: string;
  count: number;
  /** per-installment value in reais */
  amount: number;
}

/** Reais → integer centavos (rounded, so 0.1 + 0.2 still counts as 30 centavos). */
export function toCents(reais: number): number {
  return Math.round(reais * 100);
}

/** Integer centavos → reais. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/**
 * Splits `total` (reais) into `count` installments: total / count cut to whole centavos,
 * the last installment takes the remainder (R$ 898 in 6x = 5 x 149,66 + 149,70).
 * Throws RangeError when count is not a positive integer or total is not a finite, non-negative number.
 */
export function installmentPlan(total: number, count: number): InstallmentPlan {
  if (!Number.isInteger(count) || count < 1) {
    throw new RangeError(`installment count must be a positive integer, got ${count}`);
  }
  if (!Number.isFinite(total) || total < 0) {
    throw new RangeError(`installment total must be a finite non-negative number, got ${total}`);
  }
  const { valor, ultima, total: rounded } = comum.parcelamento(total, count);
  return { count, value: valor, last: ultima, total: rounded };
}

/**
 * Options 1x..max for the installments select: the label shows the per-installment value and, when the last
 * one takes a remainder, that one too.
 */
export function installmentOptions(total: number, max: number = MAX_INSTALLMENTS): InstallmentOption[] {
  const options: InstallmentOption[] = [];
  for (let count = 1; count <= max; count += 1) {
    const plan = installmentPlan(total, count);
    options.push({
      value: `${count}x`,
      label:
        `${count}x ${formatBRL(plan.value)}` +
        (plan.last === plan.value ? '' : ` (última ${formatBRL(plan.last)})`),
      count,
      amount: plan.value,
    });
  }
  return options;
}

/** '3x' → 3; null for anything else or a count outside 1..max. */
export function parseInstallments(value: string, max: number = MAX_INSTALLMENTS): number | null {
  const match = /^([1-9]\d{0,2})x$/.exec(value.trim());
  if (!match) return null;
  const count = Number(match[1]);
  return count <= max ? count : null;
}
