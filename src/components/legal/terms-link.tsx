import type { ReactNode } from 'react';
import { legalLinks } from '@/config/content';
import { paths } from '@/config/routes';
import { cn } from '@/lib/cn';

interface LegalLinkProps {
  /** The visible text; defaults to the page's title. */
  children?: ReactNode;
  className?: string;
}

/**
 * Opens a legal page in a new tab, so what the person was filling in (a purchase, a registration) stays as
 * it was; the link says so to screen readers and shows an arrow to everyone else.
 */
function NewTabLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900',
        className,
      )}
    >
      {children} <span className="sr-only">{legalLinks.newTab}</span>
      <span aria-hidden="true">↗</span>
    </a>
  );
}

/** The terms of service (/termos) in a new tab: beside the purchase area's terms checkbox and the register form. */
export function TermsLink({ children = legalLinks.terms, className }: LegalLinkProps) {
  return (
    <NewTabLink href={paths.terms} className={className}>
      {children}
    </NewTabLink>
  );
}

/** The privacy policy (/privacidade) in a new tab. */
export function PrivacyLink({ children = legalLinks.privacy, className }: LegalLinkProps) {
  return (
    <NewTabLink href={paths.privacy} className={className}>
      {children}
    </NewTabLink>
  );
}
