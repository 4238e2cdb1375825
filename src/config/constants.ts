import type { ServiceId } from '@/lib/types';
import { maxParcelas, precos, taxaFlex, flex } from '../../pocketbase/pb_hooks/lib/regras.json';

/** Prices, the Flex fee and the installments the server charges (pocketbase/pb_hooks/lib/regras.json). */
export const PRICES: Record<ServiceId, number> = precos;
export const FLEX_FEE = taxaFlex;
/** A Flex request is accepted up to this many São Paulo days before the appointment (the server decides). */
export const FLEX_DEADLINE_DAYS = flex.prazoDias;
export const MAX_INSTALLMENTS = maxParcelas;

export const STAFF_PAGE_SIZES = [10, 25, 50, 100] as const;
export const STAFF_DEFAULT_PAGE_SIZE = 50;
export const SEARCH_DEBOUNCE_MS = 300;

export const TOAST_AUTO_CLOSE_MS = 5000;
export const MENU_TYPEAHEAD_RESET_MS = 350;
export const RESEND_EMAIL_COOLDOWN_S = 60;

export const SAVE_REDIRECT_DELAY_MS = 2000;
export const SAVE_FLAG_RESET_MS = 1000;
export const TIME_STEP_MINUTES = 15;

export const MAX_TEXT_LENGTH = 200;
