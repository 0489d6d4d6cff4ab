import { escapeHtml } from '../platform/http/escape-html.js';
import type { MailMessage } from '../platform/mail/mailer.js';

/** One line of a digest: what happened, and the page it is about (a path on the site). */
export interface DigestItem {
  id: number;
  text: string;
  path: string;
  createdAt: Date;
}

function page(body: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1b1f24">${body}</body></html>`;
}

export function confirmationMail(options: { to: string; link: string }): MailMessage {
  return {
    to: options.to,
    subject: 'Confirm your email for OpenLFG notifications',
    text: [
      'Someone (we hope you) asked OpenLFG to send notification email to this address.',
      '',
      `Confirm it: ${options.link}`,
      '',
      'If it was not you, ignore this mail: nothing is sent until the address is confirmed.',
    ].join('\n'),
    html: page(
      `<p>Someone (we hope you) asked OpenLFG to send notification email to this address.</p>
<p><a href="${escapeHtml(options.link)}">Confirm this address</a></p>
<p>If it was not you, ignore this mail: nothing is sent until the address is confirmed.</p>`,
    ),
  };
}

/**
 * A digest: every notification since the last one, newest last, each with its link. Carries RFC 8058's
 * one-click unsubscribe headers (the mail client's Unsubscribe button posts to the signed link) and the same
 * link in the body.
 */
export function digestMail(options: {
  to: string;
  items: DigestItem[];
  /** Notifications left out (more than a mail carries); the site lists them all. */
  more: number;
  siteUrl: string;
  settingsUrl: string;
  unsubscribeUrl: string;
  unsubscribePageUrl: string;
}): MailMessage {
  const { items } = options;
  const count = items.length + options.more;
  const subject =
    count === 1
      ? (items[0]?.text ?? 'A new notification on OpenLFG')
      : `${count} new notifications on OpenLFG`;
  const url = (path: string) => `${options.siteUrl}${path}`;
  const text = [
    ...items.map((item) => `- ${item.text}\n  ${url(item.path)}`),
    ...(options.more > 0 ? [`…and ${options.more} more: ${url('/notifications')}`] : []),
    '',
    `Change how often we write: ${options.settingsUrl}`,
    `Unsubscribe: ${options.unsubscribePageUrl}`,
  ].join('\n');
  const html = page(
    `<ul>${items
      .map((item) => `<li><a href="${escapeHtml(url(item.path))}">${escapeHtml(item.text)}</a></li>`)
      .join('')}</ul>
${options.more > 0 ? `<p><a href="${escapeHtml(url('/notifications'))}">…and ${options.more} more</a></p>` : ''}
<p style="color:#57606a;font-size:0.875em"><a href="${escapeHtml(options.settingsUrl)}">Change how often we write</a> · <a href="${escapeHtml(options.unsubscribePageUrl)}">Unsubscribe</a></p>`,
  );
  return {
    to: options.to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${options.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
