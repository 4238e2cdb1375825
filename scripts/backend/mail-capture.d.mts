export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  date: string;
}
export interface MailCapture {
  smtpPort: number;
  httpUrl: string;
  mails: CapturedMail[];
  mailsTo(address: string): CapturedMail[];
  close(): Promise<void>;
}
export declare function startMailCapture(options?: {
  smtpPort?: number;
  httpPort?: number;
  log?: boolean;
  /** how long mail to SLOW_DOMAIN waits before the capture accepts it */
  slowMs?: number;
}): Promise<MailCapture>;
/** Mail to any address at this domain is refused (550) by the capture. */
export declare const REFUSING_DOMAIN: string;
/** Mail to any address at this domain is accepted only after `slowMs` (a slow SMTP server). */
export declare const SLOW_DOMAIN: string;
