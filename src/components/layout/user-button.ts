/**
 * The header's account button, worn by the header's placeholder and the lazy user menu: a block (not flex)
 * box, so a long name ends in an ellipsis; the nav gives it whatever the logo leaves.
 */
export const userButtonClass =
  'block min-h-11 max-w-full truncate rounded-lg px-3 py-2 leading-7 font-semibold text-brand-800 hover:bg-brand-50 sm:max-w-xs';
