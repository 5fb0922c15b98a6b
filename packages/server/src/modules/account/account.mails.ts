/** The e-mail code that confirms an account deletion (accounts without a password). */
import { OTP_TTL_MIN } from '@app/shared';
import { escapeHtml, type MailContent } from '../../adapters/mail/index.js';

export function deletionCodeMail(code: string): MailContent {
  const subject = 'Confirmez la suppression de votre compte Rencontre';
  const intro = 'Voici votre code pour confirmer la suppression définitive de votre compte :';
  const validity = `Ce code est valable ${OTP_TTL_MIN} minutes.`;
  const outro =
    "Si vous n'avez pas demandé à supprimer votre compte, ignorez cet e-mail et changez votre mot de passe Google.";
  const text = [
    'Bonjour,',
    '',
    intro,
    '',
    `    ${code}`,
    '',
    validity,
    outro,
    '',
    "L'équipe Rencontre",
  ].join('\n');
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f6f6;font-family:Arial,Helvetica,sans-serif;color:#222">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px">Bonjour,</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px;text-align:center">${escapeHtml(code)}</p>
<p style="margin:0 0 8px">${escapeHtml(validity)}</p>
<p style="margin:0 0 16px;color:#666">${escapeHtml(outro)}</p>
<p style="margin:0;color:#666">L’équipe Rencontre</p>
</div></body></html>`;
  return { subject, text, html };
}
