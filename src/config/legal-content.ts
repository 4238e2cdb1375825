/**
 * The shape of the legal pages' texts and their draft notice. The texts themselves, in plain pt-BR for the
 * business to complete and a lawyer to review, are terms-content.ts (/termos) and privacy-content.ts
 * (/privacidade): each loads with its own page only, so neither weighs on the first bundle nor on the other
 * page. Facts only the business can give are marked TO_COMPLETE, points a lawyer must confirm TO_REVIEW.
 */
import { TO_COMPLETE, TO_REVIEW } from './content';

/**
 * A notice at the top of both legal pages until the business has filled in every mark and a lawyer has
 * reviewed the texts; set it to '' then.
 */
export const legalDraftNotice = `Versão provisória: os trechos marcados ${TO_COMPLETE} ou ${TO_REVIEW} ainda dependem da empresa, e todo o texto deve ser revisado por um advogado antes do lançamento.`;

/**
 * A block of a legal page: a paragraph, a list, or a piece the page fills in from the configuration
 * ('company': name, CNPJ, address; 'contacts': e-mail and WhatsApp; 'dpo': the data protection officer).
 */
export type LegalBlock =
  | string
  | { list: readonly string[] }
  | { facts: 'company' | 'contacts' | 'dpo' }
  | { links: readonly { to: string; text: string }[] };

export interface LegalSection {
  /** anchor of the section (#id) */
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  path: string;
  title: string;
  /** the meta description and the first paragraph */
  summary: string;
  sections: readonly LegalSection[];
}
