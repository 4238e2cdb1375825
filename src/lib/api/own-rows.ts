import { pb } from '@/lib/pocketbase';

/**
 * The filter for "my rows" of a collection whose list rule is `usuario = @request.auth.id || admin`.
 * A customer's list is already theirs alone, so no filter is sent: PocketBase delays an empty answer to a
 * filtered list by up to a few hundred milliseconds (its guard against guessing rules by timing), which a
 * new customer, who has no rows yet, would wait for on every page. Staff see everyone's rows, so for them
 * the filter is needed.
 */
export function ownRowsFilter(userId: string, admin: boolean): { filter?: string } {
  return admin ? { filter: pb.filter('usuario = {:userId}', { userId }) } : {};
}
