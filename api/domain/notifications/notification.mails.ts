import { escapeHtml } from '../../escape-html.ts';
import type { Mail } from '../../mail/mailer.ts';

/** A notification by mail: its line as subject, its sentence, a link to it, and (optional kinds) a way out. */
export function notificationMail(opts: { to: string; name: string; title: string; body: string; link: string | null; unsubscribe: string | null; settings: string }): Mail {
  const footer = opts.unsubscribe
    ? ['You receive this because of your notification settings. Unsubscribe from this kind of mail:', opts.unsubscribe, `All settings: ${opts.settings}`]
    : ['This mail concerns the security of your account; it is always sent.'];
  return {
    to: opts.to,
    subject: `${opts.title} | DATA PIT`,
    text: [`Hello ${opts.name},`, '', opts.body, ...(opts.link ? ['', opts.link] : []), '', '--', ...footer].join('\n'),
    html:
      `<p>Hello ${escapeHtml(opts.name)},</p><p>${escapeHtml(opts.body)}</p>` +
      (opts.link ? `<p><a href="${escapeHtml(opts.link)}">Open in DATA PIT</a></p>` : '') +
      (opts.unsubscribe
        ? `<hr><p style="font-size:12px">You receive this because of your notification settings. <a href="${escapeHtml(opts.unsubscribe)}">Unsubscribe from this kind of mail</a> or <a href="${escapeHtml(opts.settings)}">change your settings</a>.</p>`
        : '<hr><p style="font-size:12px">This mail concerns the security of your account; it is always sent.</p>'),
  };
}
