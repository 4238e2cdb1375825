/** A page number, or a gap ('…') before or after the current page's neighbourhood. */
export type PagerItem = number | 'gap-start' | 'gap-end';

/**
 * The numbered buttons of the pager (seed §2): always the first and the last page, the current page
 * and its neighbours on each side, and a gap marker wherever pages are skipped.
 * `current` is 1-based and clamped into range; no pages gives an empty list.
 */
export function pagerItems(current: number, total: number, neighbours = 1): PagerItem[] {
  if (!Number.isFinite(total) || total < 1) return [];
  const last = Math.floor(total);
  const page = Math.min(Math.max(1, Math.floor(current) || 1), last);
  const start = Math.max(2, page - neighbours);
  const end = Math.min(last - 1, page + neighbours);

  const items: PagerItem[] = [1];
  if (start > 2) items.push('gap-start');
  for (let n = start; n <= end; n++) items.push(n);
  if (end < last - 1) items.push('gap-end');
  if (last > 1) items.push(last);
  return items;
}
