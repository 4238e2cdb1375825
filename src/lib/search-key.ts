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

/** The customer's keys the server indexes for the search (columns of each booking): CPF, e-mail, phone. */
export const customerIndexedKeys = (user: {
  email: string;
  cpf: string;
  celular: string;
}): { busca_cpf: string; busca_email: string; busca_celular: string } =>
  comum.chavesBusca(user.email, user.cpf, user.celular);

/** The key columns the server keeps on each booking (pb_hooks/lib/busca.js); no client writes them. */
export const INDEXED_KEY_FIELDS: readonly string[] = ['busca_cpf', 'busca_email', 'busca_celular'];

/**
 * The search for a key read from an index: a CPF or a phone (10 or 11 digits) as an equality, a whole e-mail as
 * the range of its start, on the key columns; null for any other key (searched as text anywhere in `busca`).
 */
export const indexedSearch = (key: string): string | null => comum.buscaIndexada(key);
