import type { Mode } from '@/lib/use-mode';

export const paths = {
  home: '/',
  service: (id: string) => `/services/${id}`,
  confirmVerification: '/confirm_verification',
  confirmPasswordReset: '/confirm_password_reset',
  tracking: '/tracking',
  caseFile: '/processo',
  dashboard: '/dashboard',
  bookingDetails: (id: string) => `/booking-details/${id}`,
  terms: '/termos',
  privacy: '/privacidade',
  wait: '/espera',
  account: '/minha-conta',
} as const;

export { MODES, type Mode } from '@/lib/use-mode';

export function modeHref(mode: Mode, pathname = '/') {
  return `${pathname}?mode=${mode}`;
}
