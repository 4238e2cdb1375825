import { Fragment } from 'react';
import { TO_COMPLETE, TO_REVIEW } from '@/config/content';
import { env } from '@/lib/env';
import { cn } from '@/lib/cn';

const MARKS = new RegExp(`(${[TO_COMPLETE, TO_REVIEW].map((m) => m.replace(/[[\]]/g, '\\$&')).join('|')})`);

/** A text whose '[a completar pela empresa]' and '[a confirmar com advogado]' marks stand out. */
export function MarkedText({ text, markClassName }: { text: string; markClassName?: string }) {
  return (
    <>
      {text.split(MARKS).map((part, i) =>
        part === TO_COMPLETE || part === TO_REVIEW ? (
          <mark key={i} className={cn('rounded bg-amber-100 px-1 font-semibold text-ink-900', markClassName)}>
            {part}
          </mark>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** The seller's identification from the configuration (Decreto 7.962/2013 art. 2º), each unset value marked. */
export function companyFacts(): { label: string; value: string }[] {
  return [
    { label: 'Razão social', value: env.company.legalName ?? TO_COMPLETE },
    { label: 'CNPJ', value: env.company.cnpj ?? TO_COMPLETE },
    { label: 'Endereço', value: env.company.address ?? TO_COMPLETE },
  ];
}
