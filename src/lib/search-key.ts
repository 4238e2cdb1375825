/**
 * The staff search's text key. The server keeps one per customer (`usuarios.busca`, written by
 * pocketbase/pb_hooks on every create and update) and the list searches it with the query folded the same
 * way, so 'joao' finds 'João', and a CPF or phone is found typed with its mask or without. Both sides run the
 * same code: pocketbase/pb_hooks/lib/comum.js.
 */
import comum from '../../pocketbase/pb_hooks/lib/comum.js';

/**
 * Accents, apostrophes and case folded, runs of spaces made one, '@' as '＠' (PocketBase refuses any filter
 * from a non-superuser containing '@request.' or '@collection.', even quoted): "JOÃO  D'Ávila" → 'joao davila'.
 */
export const foldText = (text: string): string => comum.normalizar(text);

/**
 * What the list looks for in `busca`: a query that is a number with or without its mask ('529.982.247-25',
 * '(11) 98765-4321', '+55 11 98765 4321') becomes its digits (the country code left out); any other query is
 * folded text.
 */
export const searchKey = (query: string): string => comum.termoBusca(query);

/** The key of one customer, as the server writes it: folded name, e-mail, and the digits of CPF and phone. */
export const customerSearchKey = (user: {
  nome_completo: string;
  email: string;
  cpf: string;
  celular: string;
}): string => comum.textoBusca(user.nome_completo, user.email, user.cpf, user.celular);

/** The customer's keys the server indexes for the search (hidden columns of each booking): CPF, e-mail, phone. */
export const customerIndexedKeys = (user: {
  email: string;
  cpf: string;
  celular: string;
}): { busca_cpf: string; busca_email: string; busca_celular: string } =>
  comum.chavesBusca(user.email, user.cpf, user.celular);

/** The key columns the server's rewrite names (hidden: no client may name them itself). */
export const INDEXED_KEY_FIELDS: readonly string[] = ['busca_cpf', 'busca_email', 'busca_celular'];

/**
 * The staff list's filter as the server reads it: a search for a CPF, a phone (10 or 11 digits) or an e-mail
 * (whole or its start) becomes an equality or a range on the indexed key columns (pb_hooks/lib/lista_equipe.js).
 */
export const indexedSearchFilter = (filter: string): string => comum.filtroBuscaIndexada(filter);
