/** The confirmation e-mail of a new ticket (French, text and inline-styled HTML). */
import { escapeHtml, type MailContent } from '../../adapters/mail/index.js';
import type { TSupportTicket } from '@app/shared';

export function ticketCreatedMail(ticket: TSupportTicket): MailContent {
  const subject = `Votre demande de support #${ticket.id}`;
  const intro = `Nous avons bien reçu votre demande (Ticket #${ticket.id} : ${ticket.reason_label}).`;
  const next =
    'Notre équipe vous répondra dès que possible. Vous pouvez suivre son avancement dans « Mes tickets ».';
  const text = [
    'Bonjour,',
    '',
    intro,
    '',
    'Votre message :',
    ticket.description,
    '',
    next,
    '',
    "L'équipe Rencontre",
  ].join('\n');
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f6f6;font-family:Arial,Helvetica,sans-serif;color:#222">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px">Bonjour,</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<p style="margin:0 0 8px;color:#666">Votre message :</p>
<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #e0245e;white-space:pre-wrap">${escapeHtml(ticket.description)}</blockquote>
<p style="margin:0 0 16px">${escapeHtml(next)}</p>
<p style="margin:0;color:#666">L’équipe Rencontre</p>
</div></body></html>`;
  return { subject, text, html };
}
