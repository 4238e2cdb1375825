/**
 * The staff search's text key. The server keeps one per customer (`usuarios.busca`, written by
 * pocketbase/pb_hooks on every create and update) and the list searches it with the query folded the same
 * way, so 'joao' finds 'João', and a CPF or phone is found typed with its mask or without.
 */

/**
 * '@' as the key holds it, the fullwidth '＠' (pocketbase/pb_hooks/lib/busca.js ARROBA): PocketBase refuses any
 * filter from a non-superuser containing '@request.' or '@collection.', even quoted, so a plain '@' would make
 * 'ana@request.com.br' unsearchable.
 */
const foldAt = (text: string): string => text.replace(/[@\uff20]/g, '\uff20');

/**
 * Accents, apostrophes and case folded, runs of spaces made one, '@' as '＠': "JOÃO  D'Ávila" → 'joao davila'
 * (staff type 'davila' as often as "d'avila").
 */
export function foldText(text: string): string {
  return foldAt(
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/['’`´]/g, '')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

const digitsOf = (text: string): string => text.replace(/\D/g, '');

/** Only digits and the punctuation of a CPF or phone mask. */
const NUMBER_LIKE = /^[\d\s.\-()/+]+$/;

/**
 * What the list looks for in `busca`: a query that is a number with or without its mask ('529.982.247-25',
 * '(11) 98765-4321', '+55 11 98765 4321') becomes its digits (the country code left out); any other query is
 * folded text.
 */
export function searchKey(query: string): string {
  const folded = foldText(query);
  if (!NUMBER_LIKE.test(folded) || !/\d/.test(folded)) return folded;
  const digits = digitsOf(folded);
  return digits.length > 11 && digits.startsWith('55') && folded.includes('+') ? digits.slice(2) : digits;
}

/** The key of one customer, as the server writes it: folded name, e-mail, and the digits of CPF and phone. */
export function customerSearchKey(user: {
  nome_completo: string;
  email: string;
  cpf: string;
  celular: string;
}): string {
  return [
    foldText(user.nome_completo),
    foldAt(user.email.trim().toLowerCase()),
    digitsOf(user.cpf),
    digitsOf(user.celular),
  ]
    .filter(Boolean)
    .join(' ');
}
