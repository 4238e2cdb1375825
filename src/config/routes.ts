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
  account: '/minha-conta',
} as const;

export const MODES = ['login', 'register', 'verify_email', 'forgot_password'] as const;
export type Mode = (typeof MODES)[number];

export function modeHref(mode: Mode, pathname = '/') {
  return `${pathname}?mode=${mode}`;
}
