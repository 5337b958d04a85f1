import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Env } from '../env.ts';
import type { Logger } from '../lib/logger.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** Sends email. Adapters: `outbox` (offline default: a JSON-lines file) and `smtp` (nodemailer). */
export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
  /** Closes pooled connections (SMTP). */
  close?(): void;
}

/** Raised when the mail server refuses or fails a message; carries no address or content. */
export class EmailSendError extends Error {
  constructor(
    message: string,
    /** The SMTP reply code when the server answered (5xx: permanent). */
    readonly responseCode?: number,
  ) {
    super(message);
    this.name = 'EmailSendError';
  }
}

const maskEmail = (to: string) => to.replace(/^(.).*(@.*)$/, '$1***$2');

/**
 * Offline default. Appends `{"to","subject","text","html","headers","at"}` as one JSON line to the
 * outbox file (how developers and the e2e suite read what was sent); without a file it only logs that
 * a message went out (never its content: it carries unsubscribe links).
 */
export function createOutboxEmail(logger: Logger, outboxFile?: string): EmailProvider {
  return {
    name: 'outbox',
    async send(message) {
      logger.info({ email: { to: maskEmail(message.to), subject: message.subject } }, 'email sent (outbox)');
      if (!outboxFile) return;
      await fs.mkdir(path.dirname(path.resolve(outboxFile)), { recursive: true });
      await fs.appendFile(outboxFile, JSON.stringify({ ...message, at: new Date().toISOString() }) + '\n');
    },
  };
}

/**
 * SMTP through nodemailer (`SMTP_URL`: `smtp://user:pass@host:587`, STARTTLS when the server offers it,
 * or `smtps://…:465`), one pooled transport. Only the outcome is logged; the URL (it holds the password)
 * never is.
 */
export function createSmtpEmail(options: { url: string; from: string; pool?: boolean }, logger: Logger): EmailProvider {
  const transport = nodemailer.createTransport(options.url + (options.pool === false ? '' : `${options.url.includes('?') ? '&' : '?'}pool=true`));
  return {
    name: 'smtp',
    async send(message) {
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
        });
        logger.info({ email: { provider: 'smtp', to: maskEmail(message.to), messageId: info.messageId } }, 'email sent (smtp)');
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        logger.warn({ email: { provider: 'smtp', responseCode: code, error: (error as Error).name } }, 'email refused');
        throw new EmailSendError(`SMTP send failed${code ? ` (${code})` : ''}`, code);
      }
    },
    close() {
      transport.close();
    },
  };
}

export function createEmail(
  env: Pick<Env, 'EMAIL_PROVIDER' | 'SMTP_URL' | 'EMAIL_FROM' | 'EMAIL_OUTBOX_FILE' | 'DATA_DIR'>,
  logger: Logger,
): EmailProvider {
  if (env.EMAIL_PROVIDER === 'smtp') {
    if (!env.SMTP_URL) throw new Error('EMAIL_PROVIDER=smtp needs SMTP_URL');
    return createSmtpEmail({ url: env.SMTP_URL, from: env.EMAIL_FROM }, logger);
  }
  const file = env.EMAIL_OUTBOX_FILE ?? (env.DATA_DIR === 'memory' ? undefined : path.join(env.DATA_DIR, 'email-outbox.jsonl'));
  return createOutboxEmail(logger, file);
}
