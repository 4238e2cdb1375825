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
}): Promise<MailCapture>;
/** Mail to any address at this domain is refused (550) by the capture. */
export declare const REFUSING_DOMAIN: string;
