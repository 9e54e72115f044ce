import { escapeHtml } from '@ruedas/platform';
import type { OutboxMail } from './outbox-mailer';

const escape = escapeHtml;

/** A page a developer can open in a browser: the envelope, then the HTML body (or the text). */
export function renderMailPage(mail: OutboxMail): string {
  const envelope = [['From', mail.from], ['To', mail.to], ['Subject', mail.subject], ['Date', mail.sentAt], ...Object.entries(mail.headers ?? {})]
    .map(([name, value]) => `<tr><th align="left">${name}</th><td>${escape(value ?? '')}</td></tr>`)
    .join('\n');
  const body = mail.html ?? `<pre style="white-space: pre-wrap">${escape(mail.text)}</pre>`;
  return `<!doctype html>
<html>
<head><meta charset="utf-8"><title>${escape(mail.subject)}</title></head>
<body>
<table>
${envelope}
</table>
<hr>
${body}
</body>
</html>
`;
}
